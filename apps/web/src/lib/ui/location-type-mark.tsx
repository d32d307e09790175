import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { PositionCategory } from '@gridlens/domain/tracking/enumerations';
import { usePositionColours } from './location-colours';

/** A text led by its location type's dot, in the colour the type has on every screen and map (lib/ui/location-colours). */
export function LocationTypeMark({ category, children }: { category: PositionCategory; children: ReactNode }) {
  const colours = usePositionColours();
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
      <Box
        component="span"
        aria-hidden
        data-location-type={category}
        sx={{ width: 10, height: 10, borderRadius: '50%', flex: 'none', bgcolor: colours[category] }}
      />
      {children}
    </Box>
  );
}
