import { useState, type FormEvent } from "react";
import { useTranslation } from "../../shared/i18n";
import { apiPath } from "../../shared/api";
import {
  API_PATHS,
  HONEYPOT_FIELD,
  LIMITS,
  type Accepted,
  type ContactRequest,
  type FormState,
  type Lang,
} from "../../shared/contract";
import { checkEmail, checkLength, checkName, checkRequired, compact } from "../../shared/validation";
import type { FieldErrors } from "../../shared/ErrorSummary";
import { describedBy, FieldMessages, TextField, WebsiteField } from "../../shared/Field";
import { PhoneField } from "../../shared/PhoneField";
import { postWithProof } from "../../shared/proof";
import { ProofField } from "../../shared/ProofField";
import { SuccessBox, type Receipt } from "../../shared/SuccessBox";

type Values = ContactRequest & Record<typeof HONEYPOT_FIELD, string>;
const EMPTY: Values = { name: "", email: "", phone: "", subject: "", message: "", [HONEYPOT_FIELD]: "" };

interface Props {
  lang: Lang;
  action: string;
  initial?: FormState;
  /** The form's errors, held by the page: its summary comes before the heading. */
  fieldErrors: FieldErrors;
}

export function ContactForm({ lang, action, initial, fieldErrors }: Props) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>({ ...EMPTY, ...(initial?.values as Partial<Values>) });
  const { errors, setErrors, report } = fieldErrors;
  const [errorMessage, setErrorMessage] = useState(initial?.errorMessage ?? "");
  const [success, setSuccess] = useState(initial?.success ?? "");
  const [receipt, setReceipt] = useState<Receipt>({ noMail: initial?.noMail });
  const [sending, setSending] = useState(false);
  const set = (field: keyof Values) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    setSuccess("");
    setErrorMessage("");
    const found = compact<keyof ContactRequest>({
      name: checkName(t, values.name),
      email: checkEmail(t, values.email),
      phone: checkLength(t, values.phone, LIMITS.phone),
      subject:
        checkRequired(t, values.subject, "validation.subjectRequired") ??
        checkLength(t, values.subject, LIMITS.subject),
      message:
        checkRequired(t, values.message, "validation.messageRequired") ??
        checkLength(t, values.message, LIMITS.message),
    });
    // The server checks more (a phone number it cannot read), so it is asked even when the browser
    // found something, and every error comes in one round; its rules include the browser's, so
    // nothing is sent then.
    setSending(true);
    const answer = await postWithProof<Accepted>(apiPath(API_PATHS.contact, { language: lang }), values);
    setSending(false);
    if (answer.ok) {
      setValues(EMPTY);
      setErrors({});
      setReceipt({ noMail: answer.data.noMail });
      setSuccess(answer.data.message ?? "");
    } else if (answer.data.errors || Object.keys(found).length) {
      report({ ...found, ...answer.data.errors });
    } else {
      setErrorMessage(answer.data.errorMessage ?? t("api.somethingWentWrong"));
    }
  };

  if (success) {
    const another = { label: t("contact.success.another"), href: action, onClick: () => setSuccess("") };
    const heading = t("contact.success.heading");
    return <SuccessBox id="contact-result" heading={heading} message={success} another={another} receipt={receipt} />;
  }

  return (
    <form method="post" action={action} noValidate onSubmit={onSubmit} className="contact-form">
      <TextField
        id="name"
        label={t("form.name")}
        error={errors.name}
        autoComplete="name"
        maxLength={LIMITS.name}
        value={values.name}
        onChange={(e) => set("name")(e.target.value)}
      />
      <TextField
        id="email"
        type="email"
        label={t("form.email")}
        error={errors.email}
        autoComplete="email"
        maxLength={LIMITS.email}
        value={values.email}
        onChange={(e) => set("email")(e.target.value)}
      />
      <PhoneField lang={lang} error={errors.phone} value={values.phone} onChange={set("phone")} />
      <TextField
        id="subject"
        label={t("form.subject")}
        error={errors.subject}
        maxLength={LIMITS.subject}
        value={values.subject}
        onChange={(e) => set("subject")(e.target.value)}
      />
      <div className={errors.message ? "field has-error" : "field"}>
        <label htmlFor="message">{t("form.message")}</label>
        <FieldMessages id="message" hint={t("form.charactersMax", { max: LIMITS.message })} error={errors.message} />
        <textarea
          id="message"
          name="message"
          rows={8}
          maxLength={LIMITS.message}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={describedBy("message", "hint", errors.message)}
          value={values.message}
          onChange={(e) => set("message")(e.target.value)}
        />
      </div>
      {errorMessage && (
        <p className="error-text" role="alert">
          {errorMessage}
        </p>
      )}
      <WebsiteField value={values[HONEYPOT_FIELD]} onChange={set(HONEYPOT_FIELD)} />
      <ProofField />
      <button type="submit" className="button" disabled={sending}>
        {sending && <span className="spinner" aria-hidden="true" />}
        {sending ? t("form.sending") : t("form.send")}
      </button>
    </form>
  );
}
