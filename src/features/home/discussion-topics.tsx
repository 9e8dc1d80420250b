import { ChevronDown } from 'lucide-react';
import { Accordion } from '../../ui/accordion.tsx';

const TOPICS = [
  {
    title: 'Turning data strategy into a board-level agenda',
    text: 'How data leaders tie their roadmaps to revenue, risk and cost in the language the board uses, and how they keep funding once the first wave of quick wins is spent.',
  },
  {
    title: 'Governing AI without slowing it down',
    text: 'Model review boards, risk tiers and audit trails that satisfy regulators and still let product teams ship. What the new rules ask of you, and what peers already do about it.',
  },
  {
    title: 'From pilots to production: measuring AI value',
    text: 'Why most pilots stall, how to pick the few that scale, and the metrics that show value to a CFO: adoption, unit cost, time saved and revenue influenced.',
  },
  {
    title: 'Building the data and AI organisation',
    text: 'Central, federated or hub-and-spoke; hiring and keeping scarce talent; raising data literacy across the business; and where the CDO and the chief AI officer meet.',
  },
] as const;

const TOPIC_ITEMS = TOPICS.map((topic, index) => ({
  key: `topic-${index}`,
  header: (
    <>
      <span>
        <span aria-hidden="true" className="mr-3 text-brand-strong">
          {String(index + 1).padStart(2, '0')}
        </span>
        {topic.title}
      </span>
      <ChevronDown
        aria-hidden="true"
        className="h-5 w-5 shrink-0 text-slate-600 transition-transform group-data-[state=open]:rotate-180"
      />
    </>
  ),
  panel: topic.text,
}));

/** The four discussion topics of the series, each expandable (arrow keys move between them). */
export function DiscussionTopics() {
  return (
    <section aria-labelledby="topics-heading" className="below-fold mx-auto max-w-[1300px] px-4 py-16 sm:px-6">
      <div className="grid gap-10 lg:grid-cols-[1fr_2fr]">
        <div>
          <h2 id="topics-heading" className="text-3xl font-bold tracking-tight">
            What we discuss
          </h2>
          <p className="mt-3 text-slate-700">
            Every edition follows the questions our attendees bring. These four come up in every city.
          </p>
        </div>
        <Accordion
          items={TOPIC_ITEMS}
          className="divide-y divide-slate-200 rounded-xl border border-slate-200"
          buttonClassName="flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-lg font-semibold hover:bg-slate-50"
          panelClassName="px-5 pb-5 leading-relaxed text-slate-700"
        />
      </div>
    </section>
  );
}
