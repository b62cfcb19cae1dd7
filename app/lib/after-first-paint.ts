/**
 * ES5 source for an inline script: calls the function named `run` once the browser reports the
 * page's first contentful paint. A paint entry is made when the frame is on the screen, whereas a
 * task queued from an animation frame may run before the frame is shown. A tab opened in the
 * background paints nothing until it is shown: after a second `run` is called anyway. A browser
 * without paint timing calls it after the next frame. `run` may be called more than once and
 * must act only the first time.
 *
 * Used by what a page fetches only after its first paint (issue 20): its scripts
 * (`scripts/scripts-after-first-paint.ts`) and its web font
 * (`app/styles/fonts-after-first-paint.ts`).
 */
export function onFirstPaintSource(run: string): string {
  return `var P=window.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0){new P(function(list,observer){if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();${run}()}}).observe({type:"paint",buffered:true});setTimeout(${run},1000)}else{requestAnimationFrame(function(){setTimeout(${run},0)});setTimeout(${run},100)}`;
}
