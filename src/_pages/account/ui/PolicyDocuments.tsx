import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react'
import css from './Account.module.css'

export function PoliciesIndex({ links }: { links: { terms: string; cancellation: string; privacy: string } }) {
  return (
    <ul className={css.list}>
      <li className={css.row}>
        <a className={css.rowLink} href={links.terms}>
          <strong>Terms of use</strong>
          <span className={css.muted}>The agreement between you, Tablefront and the restaurants you order from.</span>
        </a>
      </li>
      <li className={css.row}>
        <a className={css.rowLink} href={links.cancellation}>
          <strong>Cancellation and refund policy</strong>
          <span className={css.muted}>When you can cancel an order or a booking, and how refunds work.</span>
        </a>
      </li>
      <li className={css.row}>
        <a className={css.rowLink} href={links.privacy}>
          <strong>Privacy policy</strong>
          <span className={css.muted}>What we collect, why, who sees it and how to have it deleted.</span>
        </a>
      </li>
    </ul>
  )
}

export function TermsDocument() {
  return (
    <article className={css.document}>
      <p>
        Tablefront is an ordering and reservation service run for the restaurants listed on it. When you place an order, the
        contract for the food and drink is between you and that restaurant; Tablefront takes the order, passes it on and
        processes the payment on the restaurant's behalf.
      </p>
      <h3>Your account</h3>
      <p>
        Keep your sign-in details to yourself. You are responsible for orders placed from your account. Tell us at once if you
        think someone else has used it, and we will sign out every device.
      </p>
      <h3>Prices and availability</h3>
      <p>
        Prices, taxes, delivery fees and opening hours are set by each restaurant and shown before you pay. A dish may sell out
        after you add it to your cart; if so, the restaurant will tell you before preparing the order and you will not be
        charged for it.
      </p>
      <h3>Payment</h3>
      <p>
        Card payments are handled by our payment provider. We never see or store your full card number or security code. Tips
        go to the restaurant's staff in full.
      </p>
      <h3>Allergies</h3>
      <p>
        Allergen information comes from the restaurant. If you have an allergy, say so in the order comments and call the
        restaurant: kitchens handle many ingredients and cannot always rule out traces.
      </p>
      <h3>Fair use</h3>
      <p>
        Do not place orders you do not intend to collect or pay for, misuse offers, or try to reach other customers' data. We may
        suspend accounts that do.
      </p>
      <h3>Changes</h3>
      <p>We will tell you in the app before these terms change in a way that affects you.</p>
    </article>
  )
}

export function CancellationDocument() {
  return (
    <article className={css.document}>
      <h3>Orders</h3>
      <ul>
        <li>You can cancel an order free of charge until the restaurant accepts it (status “Accepted”).</li>
        <li>Once the kitchen has started (“In Progress”), the restaurant decides whether it can still cancel; food already prepared is usually charged.</li>
        <li>If the restaurant cancels your order (“Order Cancelled”), you get a full refund automatically.</li>
        <li>If something is missing or wrong, contact the restaurant through Support within 24 hours of delivery or pick-up.</li>
      </ul>
      <h3>Table reservations and waitlist</h3>
      <ul>
        <li>Cancel a reservation from its confirmation page at any time; please do so as early as you can so the table can go to someone else.</li>
        <li>Some restaurants hold a table for 15 minutes after the booked time; after that it may be given away.</li>
      </ul>
      <h3>Refunds</h3>
      <p>
        Card refunds go back to the card you paid with, usually within 5–10 working days depending on your bank. Wallet amounts
        are refunded to your wallet at once. Each restaurant's own cancellation terms, when it has any, are shown on its page
        and apply in addition to these.
      </p>
    </article>
  )
}

export function PrivacyDocument() {
  return (
    <article className={css.document}>
      <h3>What we collect</h3>
      <ul>
        <li>Your name, mobile number and, if you give it, your email address — to confirm orders and bookings.</li>
        <li>Delivery addresses and the location you choose — to show nearby restaurants and deliver.</li>
        <li>Your orders, favorites and reservations — so you can see and repeat them.</li>
        <li>From our payment provider: your card's brand, last four digits and expiry. Never the full number or security code.</li>
      </ul>
      <h3>Who sees it</h3>
      <p>
        A restaurant sees the details of the orders and bookings you make with it: your name, number and, for delivery, the
        address. A delivery partner sees only what it needs to bring the order. We do not sell your data.
      </p>
      <h3>Offers and news</h3>
      <p>We send offers only if you opt in under Profile → Offers and news, and you can opt out there at any time.</p>
      <h3>Your device</h3>
      <p>
        The app keeps your session, cart and chosen location in your browser's storage so it works after a reload. Signing out
        clears it.
      </p>
      <h3>Your rights</h3>
      <p>
        You can see and correct your details under Profile, delete addresses and cards yourself, and ask Support to export or
        delete your account. We keep order records as long as tax law requires, then delete them.
      </p>
    </article>
  )
}

const QUESTIONS: { question: string; answer: string }[] = [
  {
    question: 'How do I change my delivery address?',
    answer: 'Open Delivery addresses, add the address with its pin on the map, then choose “Deliver here”. Orders go to the selected address.',
  },
  {
    question: 'Is it safe to save my card?',
    answer:
      'Yes. Your card number goes straight to our payment provider, which gives us a token. We keep only the brand, the last four digits and the expiry.',
  },
  {
    question: 'Can I cancel an order?',
    answer: 'Until the restaurant accepts it, yes, free of charge. After that, ask the restaurant through Support. See the cancellation policy for details.',
  },
  {
    question: 'Where is my order?',
    answer: 'My orders lists every order with its current status. Delivery orders have a live tracking page once a courier is assigned.',
  },
  {
    question: 'Why can I not order from a restaurant right now?',
    answer: 'It may be closed, outside its delivery radius for your address, or only taking dine-in orders. Its page shows the hours and the order types it offers.',
  },
  {
    question: 'How do I stop promotional messages?',
    answer: 'Go to Profile → Offers and news and switch it off. Order and booking messages are not promotions and still reach you.',
  },
]

export function FaqDocument() {
  return (
    <div className={css.document}>
      {QUESTIONS.map(({ question, answer }) => (
        <Disclosure key={question} as="div" className={css.question}>
          <DisclosureButton className={css.questionButton}>
            <span>{question}</span>
            <span aria-hidden="true" className={css.chevron} />
          </DisclosureButton>
          <DisclosurePanel as="p">{answer}</DisclosurePanel>
        </Disclosure>
      ))}
    </div>
  )
}
