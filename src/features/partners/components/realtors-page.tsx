import { phoneConsent } from '@/content/phone-consent';
import { pageTexts, toasts } from '@/content/spec-texts';
import {
  realtorApplicationSchema,
  useCreateRealtorApplication,
  type RealtorApplicationInput,
} from '../api/create-realtor-application';
import { realtorProgram } from '../content/realtor-program';
import { PartnerApplicationForm, type PartnerFormField } from './partner-application-form';
import { PartnerPage } from './partner-page';

const fields: readonly PartnerFormField<keyof RealtorApplicationInput>[] = [
  { name: 'name', label: pageTexts.realtors.nameLabel, autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel', note: phoneConsent.callsAndTexts },
  { name: 'brokerage', label: 'Brokerage', autoComplete: 'organization' },
  { name: 'instagram', label: 'Instagram', placeholder: '@yourhandle', optional: true },
];

/** /realtors: the realtor referral program (spec section 2). */
export function RealtorsPage() {
  const mutation = useCreateRealtorApplication();
  return (
    <PartnerPage
      program={realtorProgram}
      form={
        <PartnerApplicationForm
          fields={fields}
          schema={realtorApplicationSchema}
          mutation={mutation}
          successToast={toasts.realtorSuccess}
          submitLabel="Submit Application"
          failureLogMessage="Realtor application failed:"
        />
      }
    />
  );
}
