// hls.js ships no types for its light build (no subtitles, alternate audio or DRM, which the cameras never
// use); it has the full build's API.
declare module 'hls.js/light' {
  export { default } from 'hls.js';
  export * from 'hls.js';
}
