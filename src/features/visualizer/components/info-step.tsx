import { Icon } from '@/components/ui/icon';
import { ArrowLeft, Sparkles } from '@/components/ui/icons';
import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { pageTexts } from '@/content/spec-texts';
import { PhotoPreview } from './photo-preview';
import { PrivacyPolicyLink } from '@/components/privacy-policy-link';
import { dataRetention } from '@/config/data-retention';
import { preparePhotoAhead } from '../utils/prepare-photo-ahead';
import { photoUpload } from '@/config/photo-upload';

const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;

export type InfoErrors = Partial<Record<'name' | 'email', string>>;

type InfoStepProps = {
  file: File;
  /** The page could not read the photo's size from its header: the processor checks it (photo-file-problem.ts). */
  sizeUnread?: boolean;
  name: string;
  email: string;
  errors: InfoErrors;
  processing: boolean;
  onNameChange: (value: string) => void;
  onEmailChange: (value: string) => void;
  onBack: () => void;
  onSubmit: () => void;
};

/** Step 2: who the result is for. 'Process Image' waits for both fields and is off while processing runs. */
export function InfoStep({
  file,
  sizeUnread = false,
  name,
  email,
  errors,
  processing,
  onNameChange,
  onEmailChange,
  onBack,
  onSubmit,
}: InfoStepProps) {
  const canSubmit = name.trim() !== '' && email.trim() !== '' && !processing;
  const fieldId = `${useId()}-field`;
  // Said in the status below when the field to fix already has the focus: moving the focus there says nothing then.
  const [refusal, setRefusal] = useState('');
  // A refused submission moves focus to the first field to fix, whose message is its description: a keyboard or
  // screen-reader visitor who pressed Enter in another field learns what is wrong and where.
  useEffect(() => {
    const first = (['name', 'email'] as const).find((field) => errors[field]);
    if (!first) return setRefusal('');
    const field = document.getElementById(`${fieldId}-${first}`);
    if (field !== null && field === document.activeElement) setRefusal(errors[first] ?? '');
    else {
      setRefusal('');
      field?.focus();
    }
  }, [errors, fieldId]);

  // Whether this photo goes as it is (the browser cannot open it, prepare-photo.ts): then its camera details go too,
  // and "we strip the location and camera details" would be untrue of it (words-law, session 30). The preparation
  // started when the photo was chosen and is shared, so this only listens for its answer; a photo the browser cannot
  // open fails to decode within a moment, long before a name and an e-mail address are typed.
  const [sentAsIs, setSentAsIs] = useState(false);
  useEffect(() => {
    let current = true;
    setSentAsIs(false);
    preparePhotoAhead(file)
      .then((prepared) => current && setSentAsIs(!prepared.reencoded))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [file]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSubmit) onSubmit();
  };

  // 'Process Image' stays disabled while a field is empty (spec), and a form whose button is disabled ignores Enter:
  // a keyboard visitor pressing it heard and saw nothing. Enter now asks the page, which says what is missing.
  const explainEnter = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing || canSubmit || processing) return;
    if (!(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    onSubmit();
  };

  return (
    <section aria-labelledby="visualizer-info-title" className="grid gap-6 md:grid-cols-2 md:items-start">
      <div className="space-y-2">
        <PhotoPreview file={file} className="aspect-[4/3] w-full bg-oak-100 shadow-sm" />
        <p className="truncate text-sm text-walnut-700">{file.name}</p>
        {/* Every photo under the limit that the page can measure is refused on the upload step (with its size); one it
            cannot (a header it does not read) was refused only after the upload, with no word before (session 35). */}
        {sizeUnread && (
          <p className="text-sm text-walnut-700">
            We can't read this photo's size here, so it is checked once you send it: a photo under{' '}
            {photoUpload.shortestSidePx} pixels on its shorter side can't be used.
          </p>
        )}
      </div>
      <form onSubmit={submit} onKeyDown={explainEnter} noValidate className="space-y-4">
        <h2 id="visualizer-info-title" className="font-display text-2xl font-bold text-walnut-950">
          Where should we send your result?
        </h2>
        {/* The result e-mail goes through the queue's limits (queue_email, visitor_email_limits): one of each kind a
            day per mailbox and three in all, so a second photo the same day is not e-mailed; "send your result" said
            nothing of it (session 22). */}
        <p className="text-walnut-800">
          We'll show your new floor right here and e-mail it to you: one result a day per address (with only a few of
          our e-mails a day in all), so another photo the same day is shown here only. We keep your name and email so a
          flooring pro can follow up if you want a quote.
        </p>
        <p className="text-sm text-walnut-700">
          {sentAsIs ? (
            <>
              Your browser can't open this photo, so it goes to us as it is: without the place it was taken, but with
              its other details, such as the time and the camera. We delete that file once your picture is made (after{' '}
              {days(dataRetention.abandonedUploadDays)} if it cannot be), and the pictures after{' '}
              {days(dataRetention.visualizerImagesDays)}.
            </>
          ) : (
            <>
              We strip the location and camera details from your photo and delete the pictures after{' '}
              {days(dataRetention.visualizerImagesDays)}.
            </>
          )}{' '}
          <PrivacyPolicyLink />
        </p>
        <TextField
          label="Name"
          name="name"
          id={`${fieldId}-name`}
          autoComplete="name"
          value={name}
          onChange={(event) => onNameChange(event.target.value)}
          error={errors.name}
          disabled={processing}
        />
        <TextField
          label="Email"
          name="email"
          id={`${fieldId}-email`}
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(event) => onEmailChange(event.target.value)}
          error={errors.email}
          disabled={processing}
        />
        <p role="status" className="sr-only">
          {refusal}
        </p>
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-between">
          <Button variant="ghost" size="lg" onClick={onBack} disabled={processing}>
            <Icon icon={ArrowLeft} aria-hidden="true" className="size-5" />
            Back
          </Button>
          <Button type="submit" size="lg" disabled={!canSubmit}>
            <Icon icon={Sparkles} aria-hidden="true" className="size-5" />
            {pageTexts.visualizer.processButton}
          </Button>
        </div>
      </form>
    </section>
  );
}
