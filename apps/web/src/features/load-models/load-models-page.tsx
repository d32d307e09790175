import { lazy, Suspense, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { useSearchParams } from 'react-router';
import { loadChunk } from '@/lib/chunk-load';
import { useModels, type ModelKind } from '@/lib/api/load-models';
import { useSetSearchParams } from '@/lib/use-set-search-params';
import { ModelDetail } from './model-detail';
import { ModelList } from './model-list';
import { modelRefText, parseModelRef } from './model-selection';

// The form (and the contract schema it checks with) loads when first opened.
const ModelFormDialog = lazy(() => loadChunk(() => import('./model-form-dialog')));

/** The open form's model, found in its kind's list (null while the list loads, or for a new model). */
function FormFromUrl({
  kind,
  id,
  onClose,
  onSaved,
}: {
  kind: ModelKind;
  id: string | null;
  onClose: () => void;
  onSaved: (id: string) => void;
}) {
  const models = useModels(kind);
  if (id === null) return <ModelFormDialog kind={kind} model={null} onClose={onClose} onSaved={onSaved} />;
  const model = models.data?.find((m) => m.id === id);
  return model ? <ModelFormDialog key={model.id} kind={kind} model={model} onClose={onClose} onSaved={onSaved} /> : null;
}

interface LoadModelsPageProps {
  /** Shown below the models: the fleet analysis (load planning's), which the app passes in. */
  fleetAnalysis: ReactNode;
}

/**
 * EV modelling (spec §2 /powercoil_ev): the tenant's EV and heat-pump models, a model's detail and its form, all
 * chosen in the URL (model-selection.ts); below them the fleet analysis, which runs a chosen EV and HP model on
 * every transformer (its choices in the same URL).
 */
export function LoadModelsPage({ fleetAnalysis }: LoadModelsPageProps) {
  const [params] = useSearchParams();
  const setParams = useSetSearchParams();
  const selected = parseModelRef(params.get('model'), false);
  const editing = parseModelRef(params.get('edit'), true);
  const select = (kind: ModelKind, id: string) => setParams({ model: modelRefText({ kind, id }), edit: null });

  return (
    <Box data-testid="load-models">
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2 }}>
        {(['ev', 'hp'] as const).map((kind) => (
          <ModelList
            key={kind}
            kind={kind}
            selectedId={selected?.kind === kind ? selected.id : null}
            onSelect={(id) => select(kind, id)}
            onCreate={() => setParams({ edit: modelRefText({ kind, id: null }) })}
          />
        ))}
      </Box>
      {selected?.id && (
        <ModelDetail
          key={selected.id}
          kind={selected.kind}
          id={selected.id}
          onEdit={() => setParams({ edit: params.get('model') })}
          onGone={() => setParams({ model: null }, { replace: true })}
        />
      )}
      {fleetAnalysis}
      <Suspense fallback={null}>
        {editing && (
          <FormFromUrl
            kind={editing.kind}
            id={editing.id}
            onClose={() => setParams({ edit: null })}
            onSaved={(id) => select(editing.kind, id)}
          />
        )}
      </Suspense>
    </Box>
  );
}
