import { useCallback } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { TrackedDevice } from '@gridlens/contract/tracking';
import { formatDateTime } from '@gridlens/domain/date-format';
import { formatNumber } from '@gridlens/domain/number-format';
import { browserTimeZone } from '@/lib/api/config';
import type { DeviceField } from './device-rows';

/** The translated name of a message type, a place category or a movement (static keys per value). */
export function valueText(
  t: TFunction,
  field: 'last_message_type' | 'position_category' | 'movement' | 'device_type',
  value: string,
): string {
  switch (field) {
    case 'last_message_type':
      return t(`trackingDevices.messageTypes.${value}`, { defaultValue: value });
    case 'position_category':
      // A label of its own (a cell, a filter, a chip of the map's legend): not the alerts' adjective, which agrees
      // with the noun of its sentence and is lower case in most languages ("aon láthair chairdiúil").
      return t(`trackingDevices.positionCategories.${value}`, { defaultValue: value });
    case 'movement':
      return t(`trackingDevices.movements.${value}`, { defaultValue: value });
    case 'device_type':
      return t(`alerts.tracking.deviceTypes.${value}`, { defaultValue: value });
  }
}

/** A cell as the table, the export and the search show it ('' for nothing). */
export function useDeviceText() {
  const { t, i18n } = useTranslation();
  const timeZone = browserTimeZone();
  return useCallback(
    (device: TrackedDevice, field: DeviceField): string => {
      switch (field) {
        case 'name':
          return device.name;
        case 'last_message_at':
          return device.last_message_at === null ? '' : formatDateTime(Date.parse(device.last_message_at), timeZone);
        case 'battery_pct':
        case 'temperature_c':
          return device[field] === null ? '' : formatNumber(device[field], i18n.language, field === 'battery_pct' ? 0 : 1);
        case 'tags':
          return device.tags.join(', ');
        case 'location_name':
          return device.location_name ?? '';
        case 'movement':
          return device.movement === null ? '' : valueText(t, 'movement', device.movement);
        case 'last_message_type':
        case 'position_category':
        case 'device_type':
          return valueText(t, field, device[field]);
      }
    },
    [t, i18n.language, timeZone],
  );
}
