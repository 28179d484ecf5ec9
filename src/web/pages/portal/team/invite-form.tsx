import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import {
  DEFAULT_INVITE_ROLE,
  type Invite,
  type InviteInput,
  InviteSchema,
  inviteRoleOptions,
} from '#shared/team.ts';
import { Button } from '#web/components/button.tsx';
import { Card } from '#web/components/card.tsx';
import { CopyLink } from '#web/components/copy-link.tsx';
import { TextField } from '#web/components/field.tsx';
import { SelectField } from '#web/components/field-select.tsx';
import { useApiForm } from '#web/lib/use-api-form.ts';
import { teamCalls, useTeamRefresh } from './team-api.ts';

// Invite someone by e-mail (SPEC §2 Team, §5: an empty email sends nothing). SPEC §8 has
// no failure notice for invites, but the person inviting must learn why one was refused
// (already a member, in another team...), so the server's reason sits under the field.

export function InviteForm() {
  const refresh = useTeamRefresh();
  // Without SMTP the server hands back the link, for the inviter to pass on.
  const [pending, setPending] = useState<{ email: string; link: string } | null>(null);
  const { form, onSubmit, errors, isSubmitting } = useApiForm<InviteInput, Invite>({
    resolver: zodResolver(InviteSchema),
    fields: ['email', 'role'],
    // No alert here: a refusal without a field of its own is said under the email.
    messageField: 'email',
    defaultValues: { email: '', role: DEFAULT_INVITE_ROLE },
    submit: async (values) => {
      const sent = await teamCalls.invite(values);
      form.reset({ email: '', role: values.role });
      await refresh();
      setPending(sent.inviteLink ? { email: values.email, link: sent.inviteLink } : null);
      return sent.emailed
        ? { title: 'Invite sent', text: `An invitation was e-mailed to ${values.email}.` }
        : { title: 'Invite created', text: sent.message };
    },
  });
  const { register } = form;

  return (
    <Card>
      <h2 id="invite-heading" className="text-lg font-semibold text-slate-900">
        Invite a teammate
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        They get a link to join. Members see and run your processes; team admins also manage
        schedules and invites.
      </p>
      <form onSubmit={onSubmit} noValidate aria-labelledby="invite-heading" className="mt-5">
        <fieldset
          disabled={isSubmitting}
          className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_10rem_auto] sm:items-start"
        >
          <TextField
            label="Email"
            type="email"
            autoComplete="off"
            spellCheck={false}
            placeholder="teammate@company.com"
            error={errors.email?.message}
            {...register('email')}
          />
          <SelectField
            label="Role"
            options={inviteRoleOptions}
            error={errors.role?.message}
            {...register('role')}
          />
          <Button type="submit" className="sm:mt-7">
            {isSubmitting ? 'Sending…' : 'Send invite'}
          </Button>
        </fieldset>
      </form>
      {pending ? (
        <div className="mt-5 rounded-lg border border-amber-200 bg-amber-50 p-4">
          <p className="mb-3 text-sm text-slate-800">
            No e-mail was sent: this server has no mail set up. Send this link to{' '}
            <strong className="break-all">{pending.email}</strong> yourself; it works once, for that
            address, for 7 days.
          </p>
          <CopyLink label="Invite link" copyLabel="Copy invite link" link={pending.link} />
        </div>
      ) : null}
    </Card>
  );
}
