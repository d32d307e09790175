/** Fixed vocabularies of tracking mode, as the specification names them (spec §3, §4). */

/** Spec §4 location types of a point of interest (POI). */
export const LOCATION_TYPES = ['Friendly', 'Non-Friendly'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

/** Spec §4: where a device is, as the screens group it: at a POI of a type, outside every POI, or not known. */
export const POSITION_CATEGORIES = [...LOCATION_TYPES, 'Outside POIs', 'No location data'] as const;
export type PositionCategory = (typeof POSITION_CATEGORIES)[number];

/** Spec §4 last-message types; the first three carry a position. */
export const LAST_MESSAGE_TYPES = ['TwoWifi', 'OneWifi', 'gps', 'DownlinkAcknowledgement', 'None', 'NoPositionData'] as const;
export type LastMessageType = (typeof LAST_MESSAGE_TYPES)[number];
export const POSITION_MESSAGE_TYPES = ['TwoWifi', 'OneWifi', 'gps'] as const;
/** The last-message types of a tracker's messages without a position (the `tracker` message kind). */
export const TRACKER_MESSAGE_TYPES = ['None', 'NoPositionData', 'DownlinkAcknowledgement'] as const;
export type TrackerMessageType = (typeof TRACKER_MESSAGE_TYPES)[number];

/**
 * What a tracker is fitted to. The specification gives alert rules a device type but names none for tracking;
 * these are the assets a utility's or fleet's operators track (docs/decisions.md, "Tracking alerts").
 */
export const TRACKER_TYPES = ['Vehicle', 'Trailer', 'Container', 'Equipment'] as const;
export type TrackerType = (typeof TRACKER_TYPES)[number];
