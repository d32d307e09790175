/** Translation keys of enumerated values hold no dots or spaces: 'Natural Ester' -> 'Natural_Ester', 'CT-PT' -> 'CT_PT'. */
export const enumKey = (value: string) => value.replace(/[^A-Za-z0-9]+/g, '_');
