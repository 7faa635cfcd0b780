import { business } from '@/config/business';
import { marketingTextsFor, phoneConsent } from '@/content/phone-consent';
import { toasts } from '@/content/spec-texts';
import {
  investorApplicationSchema,
  useCreateInvestorApplication,
  type InvestorApplicationInput,
} from '../api/create-investor-application';
import { investorProgram } from '../content/investor-program';
import { PartnerApplicationForm, type PartnerFormField } from './partner-application-form';
import { PartnerPage } from './partner-page';

const fields: readonly PartnerFormField<keyof InvestorApplicationInput>[] = [
  { name: 'name', label: 'Name', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel', note: phoneConsent.callsAndTexts },
  { name: 'company', label: 'Company', autoComplete: 'organization' },
  {
    name: 'investment_focus',
    label: 'Investment Focus',
    placeholder: 'e.g. flips, rentals, multifamily',
    optional: true,
  },
];

/** /investors: the investor partner program (spec section 2). */
export function InvestorsPage() {
  const mutation = useCreateInvestorApplication();
  return (
    <PartnerPage
      program={investorProgram}
      form={
        <PartnerApplicationForm
          fields={fields}
          checkbox={{ name: 'marketing_texts_consent', ...marketingTextsFor(business.name) }}
          schema={investorApplicationSchema}
          mutation={mutation}
          successToast={toasts.investorSuccess}
          submitLabel="Submit Application"
          failureLogMessage="Investor application failed:"
        />
      }
    />
  );
}
