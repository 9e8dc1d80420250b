/**
 * Reads guests' QR codes with the phone's camera, for the check-in screen: the rear camera's
 * preview, and each code that comes into view handed to `onCode` once (a code held in front of the
 * camera is not reported again and again; the same code shown again after it left the view is).
 * The browser's own BarcodeDetector reads the frames where it has one that knows QR codes (Android,
 * macOS, ChromeOS); elsewhere jsQR does, loaded only then. No camera, or a refused permission, is
 * said plainly, with the way out. The camera stops when the scanner closes or unmounts.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../ui/button.tsx';

/** What the browser's Barcode Detection API offers (not in TypeScript's DOM types yet). */
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

/** Reads the QR code in the video's current frame, if any. */
type FrameReader = (video: HTMLVideoElement) => Promise<string | null>;

/** A frame is read this often; fast enough to feel immediate, light on a phone's battery. */
const SCAN_INTERVAL_MS = 150;
/** A code unseen this long has left the view: shown again, it counts as new. */
const GONE_AFTER_MS = 1_500;
/** jsQR reads a frame scaled down to this width: enough for a code that fills part of the view. */
const DECODE_WIDTH = 640;

async function nativeReader(): Promise<FrameReader | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    if (!(await Detector.getSupportedFormats()).includes('qr_code')) return null;
    const detector = new Detector({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  } catch {
    return null;
  }
}

async function libraryReader(): Promise<FrameReader> {
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || video.videoWidth === 0) return null;
    const scale = Math.min(1, DECODE_WIDTH / video.videoWidth);
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const frame = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  };
}

type CameraState = 'starting' | 'scanning' | 'no-camera' | 'refused' | 'failed';

function cameraStateOf(error: unknown): CameraState {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'refused';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError') return 'no-camera';
  return 'failed';
}

const PROBLEMS: Partial<Record<CameraState, string>> = {
  'no-camera':
    'No camera could be used on this device (none was found, or another app is using it). Check guests in by name instead.',
  refused:
    "Camera access was refused. Allow the camera for this site in the browser's settings, then press Scan code again; meanwhile, check guests in by name.",
  failed: 'The camera could not be started. Close the scanner and try again, or check guests in by name.',
};

export interface QrScannerProps {
  /** A code that came into view: its text, as read. */
  onCode(text: string): void;
  onClose(): void;
}

export function QrScanner({ onCode, onClose }: QrScannerProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>('starting');
  const headingId = useId();
  // The latest callback, so a new function from each render of the parent neither restarts the camera nor is missed.
  const report = useRef(onCode);
  useEffect(() => {
    report.current = onCode;
  }, [onCode]);

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
    void (async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setState('no-camera');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        });
        if (stopped) return stop();
        const element = video.current;
        if (!element) return stop();
        element.srcObject = stream;
        await element.play();
        const read = (await nativeReader()) ?? (await libraryReader());
        if (stopped) return;
        setState('scanning');
        let last: string | null = null;
        let lastSeen = 0;
        const scan = async () => {
          if (stopped) return;
          const text = await read(element).catch(() => null);
          const now = performance.now();
          if (text) {
            if (text !== last || now - lastSeen > GONE_AFTER_MS) {
              last = text;
              if (!stopped) report.current(text);
            }
            lastSeen = now;
          }
          if (!stopped) timer = setTimeout(() => void scan(), SCAN_INTERVAL_MS);
        };
        void scan();
      } catch (error) {
        // Closed while the camera was starting: nothing to say.
        if (stopped) return;
        stop();
        setState(cameraStateOf(error));
      }
    })();
    return stop;
  }, []);

  const problem = PROBLEMS[state];
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold text-ink">
        Scan a guest's code
      </h2>
      {problem ? (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {problem}
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-700" role="status">
            {state === 'starting' ? 'Starting the camera...' : "Hold the guest's QR code inside the frame."}
          </p>
          <video
            ref={video}
            aria-label="Camera preview"
            muted
            playsInline
            className="aspect-square w-full rounded-lg bg-ink object-cover"
          />
        </>
      )}
      <Button variant="outline" size="lg" onClick={onClose}>
        Close scanner
      </Button>
    </section>
  );
}
