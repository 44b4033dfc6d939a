/** One `<item>` of the monitors' file as a monitor reads it: numbers parsed, the rest as text. */
export interface RatesXmlItem {
  from: string;
  to: string;
  in: number;
  out: number;
  amount: number;
  minamount: number;
  maxamount: number;
  frommin: number;
  frommax: number;
  tomin: number;
  tomax: number;
  fromfee?: string;
  tofee?: string;
  city?: string;
  param?: string;
}

const NUMERIC = new Set([
  'in',
  'out',
  'amount',
  'minamount',
  'maxamount',
  'frommin',
  'frommax',
  'tomin',
  'tomax',
]);

/**
 * Reads the file line by line, as the format requires (one item per line), and fails on anything
 * a monitor would refuse: a line that is not one whole item, a number that is not plain decimal.
 */
export function parseRatesXml(file: string): RatesXmlItem[] {
  const lines = file.split('\n');
  if (lines[0] !== '<?xml version="1.0" encoding="UTF-8"?>' || lines[1] !== '<rates>') {
    throw new Error(`not a rates file: ${lines.slice(0, 2).join(' ')}`);
  }
  const end = lines.indexOf('</rates>');
  return lines.slice(2, end).map((line) => {
    const body = /^<item>(.*)<\/item>$/.exec(line)?.[1];
    if (body === undefined) throw new Error(`not one item per line: ${line}`);
    const fields: Record<string, string | number> = {};
    for (const [, name, value] of body.matchAll(/<(\w+)>([^<]*)<\/\1>/g)) {
      if (NUMERIC.has(name!)) {
        if (!/^\d+(\.\d+)?$/.test(value!)) throw new Error(`${name} is not a plain decimal: ${value}`);
        fields[name!] = Number(value);
      } else {
        fields[name!] = value!;
      }
    }
    return fields as unknown as RatesXmlItem;
  });
}
