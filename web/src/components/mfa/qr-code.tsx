import { useEffect, useState } from 'react';

/** The dark modules of a QR code as one SVG path, a square per module, with a 4-module quiet zone. */
interface QrDrawing {
  size: number;
  path: string;
}

const QUIET_ZONE = 4;

/**
 * Draws `text` as a QR code in the browser (nothing leaves the page: the text is a TOTP secret).
 * qrcode-generator loads with the first drawing, so no other screen downloads it.
 */
async function drawQr(text: string): Promise<QrDrawing> {
  const { default: qrcode } = await import('qrcode-generator');
  const code = qrcode(0, 'M');
  code.addData(text);
  code.make();
  const count = code.getModuleCount();
  let path = '';
  for (let row = 0; row < count; row += 1) {
    for (let col = 0; col < count; col += 1) {
      if (code.isDark(row, col)) path += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
    }
  }
  return { size: count + 2 * QUIET_ZONE, path };
}

export function QrCode({ text, label }: { text: string; label: string }) {
  const [drawing, setDrawing] = useState<QrDrawing | null>(null);

  useEffect(() => {
    let current = true;
    setDrawing(null);
    drawQr(text).then(
      (next) => {
        if (current) setDrawing(next);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [text]);

  return (
    <div className="mfa-qr">
      {drawing && (
        <svg
          role="img"
          aria-label={label}
          viewBox={`0 0 ${drawing.size} ${drawing.size}`}
          width="200"
          height="200"
          shapeRendering="crispEdges"
        >
          <rect width={drawing.size} height={drawing.size} fill="#fff" />
          <path d={drawing.path} fill="#000" />
        </svg>
      )}
    </div>
  );
}
