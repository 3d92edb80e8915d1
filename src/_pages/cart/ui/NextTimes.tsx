import { Radio, RadioGroup } from '@headlessui/react'
import { setSelectedDate, setSelectedTimeSlot } from '@/entities/cart'
import { dateLabel, type NextTime } from '../lib/next-times'
import css from './CartPage.module.css'

const keyOf = (time: NextTime) => `${time.date} ${time.slot}`

/** A closed restaurant's next times, offered instead of "As soon as possible" (docs/checkout.md "When"). */
export function NextTimes({ times, chosen, today }: { times: NextTime[]; chosen: string; today: string }) {
  return (
    <RadioGroup
      className={css.choices}
      aria-label="Next times"
      value={chosen}
      onChange={(key: string) => {
        const time = times.find((candidate) => keyOf(candidate) === key)
        if (time && setSelectedDate(time.date)) setSelectedTimeSlot(time.slot)
      }}
    >
      {times.map((time) => (
        <Radio key={keyOf(time)} value={keyOf(time)} className={css.choice}>
          {dateLabel(time.date, today)}, {time.slot}
        </Radio>
      ))}
    </RadioGroup>
  )
}
