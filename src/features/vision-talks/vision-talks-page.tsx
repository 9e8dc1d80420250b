/** Vision Talks: the series' editorial point of view, in four numbered sections. */

const SECTIONS = [
  {
    title: 'The mandate has changed',
    paragraphs: [
      'Five years ago the chief data officer was asked to clean up: one version of the truth, fewer spreadsheets, a data platform that did not fall over at month end. That work still matters, but it is no longer the job description.',
      'Today the data leader is expected to turn information and AI into growth, and to be able to prove it. The role now sits between the boardroom, the regulator and the engineering floor, and the leaders who thrive are the ones who can speak to all three in the same week.',
    ],
  },
  {
    title: 'Trust is infrastructure',
    paragraphs: [
      'Every organisation wants to move faster with AI. The ones that actually do have invested in the unglamorous layer underneath: clear ownership of data, lineage you can show an auditor, and review processes that a product team can get through in days rather than quarters.',
      'Governance done well is not a brake. It is what lets a business say yes to the next model with confidence, because it knows what went into the last one and how it behaves in the wild.',
    ],
  },
  {
    title: 'Value, in the language of the business',
    paragraphs: [
      'Pilots are easy to start and hard to finish. The leaders we hear from have stopped counting models in production and started counting outcomes: hours returned to front-line teams, lower cost to serve, revenue that would not have happened otherwise.',
      'That shift changes which projects get funded. It favours a few use cases taken all the way to adoption over a portfolio of promising experiments, and it gives the finance director a reason to be in the room.',
    ],
  },
  {
    title: 'Leadership is a team sport',
    paragraphs: [
      'No data leader succeeds alone. The agenda is shared with the chief information officer, the chief risk officer, a growing number of chief AI officers and every business unit that wants its own assistant by next quarter.',
      'Vision Talks exist for exactly that conversation: small, candid and peer-led, so that the people carrying these decisions can compare notes with others who carry them too, and go home with ideas they can use on Monday.',
    ],
  },
] as const;

export function VisionTalksPage() {
  return (
    <main>
      <section className="bg-ink text-white">
        <div className="mx-auto max-w-[1300px] px-4 py-20 sm:px-6">
          <p className="text-sm font-semibold tracking-widest text-sky-300 uppercase">Vision Talks</p>
          <h1 className="mt-4 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
            Four ideas shaping data and AI leadership
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-slate-200">
            What we hear, edition after edition, from the people responsible for data and AI in the world’s largest
            organisations.
          </p>
        </div>
      </section>
      <div className="mx-auto max-w-[1300px] px-4 py-16 sm:px-6">
        <ol className="space-y-16">
          {SECTIONS.map((section, index) => (
            <li key={section.title} className="grid gap-6 md:grid-cols-[8rem_1fr]">
              <span aria-hidden="true" className="text-5xl font-bold text-brand-strong md:text-6xl">
                {String(index + 1).padStart(2, '0')}
              </span>
              <article aria-labelledby={`talk-${index + 1}`}>
                <h2 id={`talk-${index + 1}`} className="text-2xl font-bold tracking-tight sm:text-3xl">
                  <span className="sr-only">{index + 1}. </span>
                  {section.title}
                </h2>
                {section.paragraphs.map((paragraph) => (
                  <p key={paragraph.slice(0, 24)} className="mt-4 max-w-3xl text-lg leading-relaxed text-slate-700">
                    {paragraph}
                  </p>
                ))}
              </article>
            </li>
          ))}
        </ol>
      </div>
    </main>
  );
}
