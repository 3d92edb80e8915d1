/** "0:45", "12:05", "1:05:00": how long a call has waited, ticking like a kitchen timer. */
export function formatAge(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds))
  const two = (value: number) => String(value).padStart(2, '0')
  const minutes = Math.floor(whole / 60)
  if (minutes < 60) return `${minutes}:${two(whole % 60)}`
  return `${Math.floor(minutes / 60)}:${two(minutes % 60)}:${two(whole % 60)}`
}

/** The same age for a screen reader: "2 minutes 5 seconds". */
export function spokenAge(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds))
  const minutes = Math.floor(whole / 60)
  const unit = (value: number, name: string) => `${value} ${name}${value === 1 ? '' : 's'}`
  return minutes === 0 ? unit(whole, 'second') : `${unit(minutes, 'minute')} ${unit(whole % 60, 'second')}`
}

/** A call's age now: the server's count when the board arrived, plus the time since on this clock. */
export const ageNow = (ageSeconds: number, receivedAt: number, now: number) => ageSeconds + Math.max(0, (now - receivedAt) / 1000)
