/** /contact: the external enquiry form (or the e-mail address when it cannot show) and the offices. */
import { Mail, MapPin } from 'lucide-react';
import { OFFICES, useSiteSettings } from '../../data/use-site-settings.ts';
import { EmbeddedForm } from '../../ui/embedded-form.tsx';

export function ContactPage() {
  const { loaded, enquiryFormUrl, enquiryEmail } = useSiteSettings();
  return (
    <main className="mx-auto max-w-[1300px] px-4 py-16 sm:px-6">
      <h1 className="text-4xl font-bold tracking-tight">Contact us</h1>
      <p className="mt-4 max-w-2xl text-lg text-slate-700">
        Request an invitation, ask about partnering with us or suggest a speaker. We reply within two working days.
      </p>
      <div className="mt-10 grid gap-10 lg:grid-cols-[2fr_1fr]">
        <section aria-labelledby="enquiry-heading">
          <h2 id="enquiry-heading" className="sr-only">
            Enquiry form
          </h2>
          <EmbeddedForm
            url={enquiryFormUrl}
            pending={!loaded}
            title="Enquiry form"
            fallbackEmail={enquiryEmail}
            height={760}
          />
        </section>
        <aside aria-label="Contact details" className="space-y-8">
          <div>
            <h2 className="flex items-center gap-2 text-lg font-semibold">
              <Mail aria-hidden="true" className="h-5 w-5 text-brand-strong" />
              Enquiries
            </h2>
            <a
              href={`mailto:${enquiryEmail}`}
              className="mt-2 inline-block font-medium text-brand-strong underline underline-offset-2"
            >
              {enquiryEmail}
            </a>
          </div>
          {OFFICES.map((office) => (
            <div key={office.city}>
              <h2 className="flex items-center gap-2 text-lg font-semibold">
                <MapPin aria-hidden="true" className="h-5 w-5 text-brand-strong" />
                {office.city} office
              </h2>
              <address className="mt-2 leading-relaxed text-slate-700 not-italic">
                {office.lines.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </address>
            </div>
          ))}
        </aside>
      </div>
    </main>
  );
}
