/** An amount as the screens write it in the demo school (its currency, "Merits"): "1 Merit", "5 Merits". */
export const merits = (n: number): string => `${n} ${n === 1 ? 'Merit' : 'Merits'}`;
