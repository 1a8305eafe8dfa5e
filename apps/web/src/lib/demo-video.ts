/** The demo recording and its poster, served by the app when the recording has been made. */
export const demoVideo = {
  src: '/media/podflow-demo.webm',
  poster: '/media/podflow-demo.jpg',
} as const;

/**
 * Whether the demo video can be played: the server answers it as a video. A missing file answers
 * 404 (or, behind some hosts, the app's own HTML), which both mean no.
 */
export async function isDemoVideoAvailable(fetchImpl: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await fetchImpl(demoVideo.src, { method: 'HEAD' });
    return response.ok && (response.headers.get('content-type') ?? '').startsWith('video/');
  } catch {
    return false;
  }
}
