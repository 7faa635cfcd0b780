import { dataRetention } from '@/config/data-retention';

/** '1 day', '90 days'. */
export const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;

/**
 * What each form and the visualizer store, and why: the fields are the columns of the tables the forms write
 * (supabase/migrations/*_lead_tables.sql, *_floor_visualizer_requests.sql).
 */
export const whatEachFormCollects = [
  {
    form: 'Free estimate form (home page)',
    fields: 'your name, e-mail address, phone number and the message you write',
    why: 'so we can call or write back with your estimate. We e-mail you a confirmation and our office a copy.',
  },
  {
    form: 'Free flooring guide',
    fields: 'your e-mail address',
    why: 'so we can e-mail you the guide. Our office gets a note that you asked for it.',
  },
  {
    form: 'Realtor referral program',
    fields: 'your name, e-mail address, phone number, brokerage and, if you give it, your Instagram handle',
    why: 'so we can reply about the program and send your welcome kit.',
  },
  {
    form: 'Investor partner program',
    fields: 'your name, e-mail address, phone number, company and, if you give it, your investment focus',
    why: 'so we can reply about the program and send you deals.',
  },
  {
    form: 'Snap & See Wood (floor visualizer)',
    fields: 'your name, e-mail address and the photo of your room',
    why: 'so we can show your room with a new floor, e-mail you the result, and follow up if you want a quote.',
  },
] as const;

/** Each kind of data the site holds and how long it stays: the periods are the retention settings themselves. */
export function retentionSchedule(retention = dataRetention) {
  return [
    {
      what: 'Your room photo as we show it, each floor we drew on it, and the maps of the floor and room our software made',
      kept: `${days(retention.visualizerImagesDays)} after you sent the photo. Then we delete the files, and the result link says the result has expired.`,
    },
    {
      what: 'Your photo exactly as you uploaded it (with its location and camera details)',
      kept: `Only until the picture is made, which takes a minute or two. If that fails, it is deleted ${days(retention.abandonedUploadDays)} after you sent it.`,
    },
    {
      what: 'The address each of our e-mails went to',
      kept: `${days(retention.emailRecipientDays)} after the e-mail was sent. We keep a note of what kind of e-mail it was, when it went and whether it arrived, without the address. We don't store the text of the e-mails: they are written from your form when they are sent.`,
    },
    {
      what: 'What you typed into a form, and the name and e-mail address on a visualizer request',
      kept: 'Until you ask us to delete it. These are our records of who asked us for what.',
    },
    {
      what: 'Your internet address, counted to stop floods of automated submissions',
      kept: `${days(retention.throttleAddressDays)}.`,
    },
  ];
}
