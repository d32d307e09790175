import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadIcon from '@mui/icons-material/Upload';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { IMAGE_CONTENT_TYPES, IMAGE_MAX_BYTES, IMAGE_TYPES, type DeviceImage, type ImageType } from '@gridlens/contract/power-quality';
import { formatDateTime } from '@gridlens/domain/date-format';
import { formatNumber } from '@gridlens/domain/number-format';
import { ApiRequestError } from '@/lib/api/api-client';
import { fetchImageUrl, useDeleteImage, useDeviceImages, useUploadImage } from '@/lib/api/power-quality';
import { useAppStore } from '@/lib/app-store';
import { imageProblem } from './image-rules';
import type { TabProps } from './tab-display';

const CAPTION_MAX = 200;

/** Images: the installation photographs of the transformer, with upload (JPEG, PNG, WebP up to 5 MiB) and removal. */
export function ImagesTab({ deviceId, languageTag, timeZone }: TabProps) {
  const { t } = useTranslation();
  const showSnackbar = useAppStore((s) => s.showSnackbar);
  const images = useDeviceImages(deviceId);
  const upload = useUploadImage(deviceId);
  const remove = useDeleteImage(deviceId);
  const [imageType, setImageType] = useState<ImageType>('installation');
  const [caption, setCaption] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<DeviceImage | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const maxMiB = formatNumber(IMAGE_MAX_BYTES / 1024 / 1024, languageTag, 0);

  const send = (file: File) => {
    const found = imageProblem(file);
    if (found) {
      setProblem(t(`powerQuality.images.problem_${found}`, { max: maxMiB }));
      return;
    }
    setProblem(null);
    upload.mutate(
      { file, imageType, caption },
      {
        onSuccess: () => {
          setCaption('');
          showSnackbar(t('powerQuality.images.uploaded'));
        },
        onError: (error) => setProblem(t(uploadErrorKey(error), { max: maxMiB })),
      },
    );
  };

  return (
    <Box data-testid="asset-images" sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography component="h3" variant="h6" sx={{ mb: 1 }}>
          {t('powerQuality.images.uploadTitle')}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
          <TextField
            select
            size="small"
            label={t('powerQuality.images.type')}
            value={imageType}
            onChange={(event) => setImageType(event.target.value as ImageType)}
            sx={{ minWidth: 180 }}
          >
            {IMAGE_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {t(`powerQuality.images.types.${type}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label={t('powerQuality.images.caption')}
            value={caption}
            onChange={(event) => setCaption(event.target.value.slice(0, CAPTION_MAX))}
            sx={{ minWidth: 280, flex: 1 }}
            data-testid="image-caption"
          />
          <Button variant="contained" startIcon={<UploadIcon />} disabled={upload.isPending} onClick={() => fileInput.current?.click()}>
            {upload.isPending ? t('powerQuality.images.uploading') : t('powerQuality.images.choose')}
          </Button>
          <input
            ref={fileInput}
            type="file"
            hidden
            accept={IMAGE_CONTENT_TYPES.join(',')}
            data-testid="image-file"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = ''; // the same file may be chosen again after a fix
              if (file) send(file);
            }}
          />
        </Box>
        <Typography
          variant="caption"
          color={problem ? 'error' : 'text.secondary'}
          component="p"
          role={problem ? 'alert' : undefined}
          sx={{ mt: 1 }}
          data-testid="image-hint"
        >
          {problem ?? t('powerQuality.images.hint', { max: maxMiB })}
        </Typography>
      </Paper>
      {images.isPending ? (
        <Typography sx={{ p: 2 }}>{t('assetDetail.loadingTab')}</Typography>
      ) : !images.data ? (
        <Typography sx={{ p: 2 }}>{t('assetDetail.tabFailed')}</Typography>
      ) : images.data.length === 0 ? (
        <Typography sx={{ p: 2 }} data-testid="images-none">
          {t('powerQuality.images.none')}
        </Typography>
      ) : (
        <Box
          component="ul"
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', p: 0, m: 0, listStyle: 'none' }}
        >
          {images.data.map((image) => (
            <Box component="li" key={image.id}>
              <ImageCard image={image} timeZone={timeZone} deleting={remove.isPending} onDelete={() => setDeleting(image)} />
            </Box>
          ))}
        </Box>
      )}
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)} aria-labelledby="delete-image-title">
        <DialogTitle id="delete-image-title">{t('powerQuality.images.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('powerQuality.images.confirmText', { name: deleting ? describe(deleting, t) : '' })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>{t('assets.edit.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            disabled={remove.isPending}
            data-testid="confirm-delete-image"
            onClick={() =>
              deleting &&
              remove.mutate(deleting.id, {
                onSuccess: () => {
                  setDeleting(null);
                  showSnackbar(t('powerQuality.images.deleted'));
                },
                onError: () => showSnackbar(t('errors.error')),
              })
            }
          >
            {t('powerQuality.images.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

/** The upload failure in the user's language, from the API's status (the server's own text is English). */
function uploadErrorKey(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return 'errors.error';
  if (error.status === 413) return 'powerQuality.images.problem_size';
  if (error.status === 415 || error.status === 400) return 'powerQuality.images.problem_type';
  return 'errors.error';
}

const describe = (image: DeviceImage, t: TFunction) => image.caption ?? t(`powerQuality.images.types.${image.image_type}`);

interface ImageCardProps {
  image: DeviceImage;
  timeZone: string;
  deleting: boolean;
  onDelete: () => void;
}

function ImageCard({ image, timeZone, deleting, onDelete }: ImageCardProps) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    // The bytes need the bearer token, so they are fetched and shown from an object URL, released on unmount.
    let made: string | null = null;
    let live = true;
    fetchImageUrl(image.id)
      .then((objectUrl) => {
        made = objectUrl;
        if (live) setUrl(objectUrl);
        else URL.revokeObjectURL(objectUrl);
      })
      .catch((error: unknown) => {
        console.error(error);
        if (live) setFailed(true);
      });
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [image.id]);
  const description = describe(image, t);
  return (
    <Card variant="outlined" data-testid="image-card">
      <Box sx={{ aspectRatio: '4 / 3', bgcolor: 'action.hover', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        {url ? (
          <Box component="img" src={url} alt={description} sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
        ) : failed ? (
          <Typography variant="body2" color="text.secondary">
            {t('powerQuality.images.imageFailed')}
          </Typography>
        ) : null}
      </Box>
      <CardContent sx={{ pb: 0 }}>
        <Typography variant="body2">{description}</Typography>
        <Typography variant="caption" color="text.secondary">
          {t('powerQuality.images.uploadedBy', {
            type: t(`powerQuality.images.types.${image.image_type}`),
            user: image.uploaded_by,
            time: formatDateTime(Date.parse(image.uploaded_at), timeZone),
          })}
        </Typography>
      </CardContent>
      <CardActions>
        <Button
          size="small"
          color="error"
          onClick={onDelete}
          disabled={deleting}
          aria-label={t('powerQuality.images.deleteNamed', { name: description })}
        >
          {t('powerQuality.images.delete')}
        </Button>
      </CardActions>
    </Card>
  );
}
