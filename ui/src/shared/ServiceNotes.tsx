import type { ServiceNotes as Notes } from "./contract";

/**
 * Beside a form: the next closure, drawn as a warning, and the hours in which requests are
 * answered; both worded by the server from its settings (`site::service_notes`), so the page
 * carries no rule and no text of its own for them.
 */
export function ServiceNotes({ notes }: { notes?: Notes }) {
  if (!notes) return null;
  return (
    <div className="service-notes">
      {notes.closure && <p className="closure-note">{notes.closure}</p>}
      {notes.answers && <p>{notes.answers}</p>}
    </div>
  );
}
