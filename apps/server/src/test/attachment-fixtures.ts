import sharp from 'sharp';

// Test files made on the spot: real images of each type and small hand-written PDFs.

const raw = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } });

export async function imageFixtures(): Promise<Record<'png' | 'jpeg' | 'webp' | 'gif', Uint8Array>> {
  return {
    png: new Uint8Array(await raw(64, 48).png().toBuffer()),
    jpeg: new Uint8Array(await raw(64, 48).jpeg().toBuffer()),
    webp: new Uint8Array(await raw(64, 48).webp().toBuffer()),
    gif: new Uint8Array(await raw(64, 48).gif().toBuffer()),
  };
}

const escapePdf = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);

/** A one-page PDF whose page shows these lines (no text at all: a "scanned" page). */
export function pdfWith(lines: string[]): Uint8Array {
  const ops = lines.map((l, i) => `BT /F1 10 Tf 10 ${800 - (i % 70) * 11} Td (${escapePdf(l)}) Tj ET`).join('\n');
  const objects = [
    '<</Type/Catalog/Pages 2 0 R>>',
    '<</Type/Pages/Kids[3 0 R]/Count 1>>',
    '<</Type/Page/Parent 2 0 R/MediaBox[0 0 600 840]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>',
    `<</Length ${Buffer.byteLength(ops)}>>stream\n${ops}\nendstream`,
    '<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj${body}endobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}

export const CORRUPT_PDF = new TextEncoder().encode('%PDF-1.7\n1 0 obj<</Type/Cat garbage that is no PDF at all');

/** A multipart/form-data body of these files (field "files"). */
export function multipart(files: Array<{ name: string; bytes: Uint8Array; type?: string }>): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----ensemble${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.from(f.bytes),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
