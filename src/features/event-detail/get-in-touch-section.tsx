import { useSiteSettings } from '../../data/use-site-settings.ts';
import { EmbeddedForm } from '../../ui/embedded-form.tsx';
import { CONTACT_SECTION_ID } from './event-texts.ts';
import { PageSection } from './page-section.tsx';

/** The bottom 'Get in Touch' section with the external enquiry form (the e-mail when it cannot show). */
export function GetInTouchSection({ eventTitle }: { eventTitle: string }) {
  const settings = useSiteSettings();
  return (
    <PageSection
      id={CONTACT_SECTION_ID}
      title="Get in Touch"
      intro={`Want to join ${eventTitle}, speak or partner with us? Tell us about yourself.`}
      className="bg-slate-50"
    >
      <EmbeddedForm
        url={settings.enquiryFormUrl}
        title="Enquiry form"
        fallbackEmail={settings.enquiryEmail}
        pending={!settings.loaded}
      />
    </PageSection>
  );
}
