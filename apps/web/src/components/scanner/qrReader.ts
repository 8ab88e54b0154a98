/*
 * Reading a QR code from the camera (docs/decisions/133-sign-in-cards.md): the browser's
 * BarcodeDetector where it reads QR codes, else jsQR, which only the scanner's chunk loads (no page
 * carries it until a camera opens).
 */

/** Reads the QR code in the video's current frame: its text, or null when there is none. */
type Reader = (video: HTMLVideoElement, canvas: HTMLCanvasElement) => Promise<string | null>;

interface NativeDetector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface NativeDetectorClass {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats(): Promise<string[]>;
}

/** The best reader this browser has. */
export async function qrReader(): Promise<Reader> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  try {
    if (Native && (await Native.getSupportedFormats()).includes('qr_code')) {
      const detector = new Native({ formats: ['qr_code'] });
      return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
    }
  } catch {
    // A detector that cannot say what it reads: jsQR below.
  }
  const { default: jsQR } = await import('jsqr');
  return async (video, canvas) => {
    const width = video.videoWidth;
    const height = video.videoHeight;
    if (!width || !height) return null;
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) return null;
    context.drawImage(video, 0, 0, width, height);
    const image = context.getImageData(0, 0, width, height);
    return jsQR(image.data, width, height, { inversionAttempts: 'attemptBoth' })?.data ?? null;
  };
}
