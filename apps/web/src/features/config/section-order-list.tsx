import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { useTranslation } from 'react-i18next';
import type { SectionId } from '@gridlens/domain/sections';

interface Props {
  order: SectionId[];
  labelOf: (id: SectionId) => string;
  onChange: (order: SectionId[]) => void;
}

/** Drag to reorder (pointer or keyboard: Space, arrows, Space), plus move-up/down buttons for anyone who prefers them. */
export function SectionOrderList({ order, labelOf, onChange }: Props) {
  const { t } = useTranslation();
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const position = (id: string | number) => order.indexOf(id as SectionId) + 1;
  const name = (id: string | number) => labelOf(id as SectionId);
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('dragAndDrop.pickedUp', { item: name(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('dragAndDrop.movedOver', { item: name(active.id), position: position(over.id), total: order.length }) : undefined,
    onDragEnd: ({ active, over }) =>
      over ? t('dragAndDrop.dropped', { item: name(active.id), position: position(over.id), total: order.length }) : undefined,
    onDragCancel: ({ active }) => t('dragAndDrop.cancelled', { item: name(active.id) }),
  };
  const move = (from: number, to: number) => onChange(arrayMove(order, from, to));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) move(order.indexOf(active.id as SectionId), order.indexOf(over.id as SectionId));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('config.arrangeSectionsHelp') } }}
    >
      <SortableContext items={order} strategy={verticalListSortingStrategy}>
        <List dense data-testid="section-order">
          {order.map((id, index) => (
            <SortableRow
              key={id}
              id={id}
              label={labelOf(id)}
              first={index === 0}
              last={index === order.length - 1}
              onUp={() => move(index, index - 1)}
              onDown={() => move(index, index + 1)}
            />
          ))}
        </List>
      </SortableContext>
    </DndContext>
  );
}

interface RowProps {
  id: SectionId;
  label: string;
  first: boolean;
  last: boolean;
  onUp: () => void;
  onDown: () => void;
}

function SortableRow({ id, label, first, last, onUp, onDown }: RowProps) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <ListItem
      ref={setNodeRef}
      data-section={id}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, mb: 0.5, bgcolor: isDragging ? 'action.hover' : 'background.paper' }}
      secondaryAction={
        <>
          <IconButton size="small" aria-label={t('config.moveUp', { section: label })} disabled={first} onClick={onUp}>
            <ArrowUpwardIcon fontSize="small" />
          </IconButton>
          <IconButton size="small" aria-label={t('config.moveDown', { section: label })} disabled={last} onClick={onDown}>
            <ArrowDownwardIcon fontSize="small" />
          </IconButton>
        </>
      }
    >
      <IconButton
        ref={setActivatorNodeRef}
        size="small"
        aria-label={t('config.reorderSection', { section: label })}
        sx={{ cursor: 'grab', mr: 1 }}
        {...attributes}
        {...listeners}
      >
        <DragIndicatorIcon fontSize="small" />
      </IconButton>
      <ListItemText primary={label} />
    </ListItem>
  );
}
