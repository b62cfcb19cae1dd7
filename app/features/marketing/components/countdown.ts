export const COUNTDOWN_UNITS = ["days", "hours", "minutes", "seconds"] as const;
type CountdownUnit = (typeof COUNTDOWN_UNITS)[number];

/** Whole days, hours, minutes and seconds from `now` until `target` (all zero once it has passed). */
export function timeLeft(target: number, now: number): Record<CountdownUnit, number> {
  const seconds = Math.max(0, Math.floor((target - now) / 1000));
  return {
    days: Math.floor(seconds / 86_400),
    hours: Math.floor((seconds % 86_400) / 3600),
    minutes: Math.floor((seconds % 3600) / 60),
    seconds: seconds % 60,
  };
}

/**
 * The countdown's island (ADR 0015): the coming-soon page ships no JavaScript file, so this inline
 * script, written right after the timer, ticks its figures every second. The timer carries the
 * launch (`data-target`) and the page's number locale (`data-locale`), each figure its unit
 * (`data-unit`); the arithmetic is `timeLeft` itself, written into the script.
 */
export function countdownScript(): string {
  return `(()=>{const timer=document.currentScript.previousElementSibling;const left=(${timeLeft.toString()});const target=Date.parse(timer.dataset.target);const format=new Intl.NumberFormat(timer.dataset.locale,{minimumIntegerDigits:2});const tick=()=>{const now=left(target,Date.now());for(const figure of timer.querySelectorAll("[data-unit]"))figure.textContent=format.format(now[figure.dataset.unit]);};tick();setInterval(tick,1000);})();`;
}
