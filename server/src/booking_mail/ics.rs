//! The `.ics` calendar attachment of booking mails (RFC 5545).
//!
//! Staff drag it into the planning calendar; the customer keeps it as a
//! reminder. The pick-up time is local time in Europe/Amsterdam, written with a
//! `TZID` and the matching `VTIMEZONE`, so every client shows the time the
//! visitor typed, also across the change to and from summer time. Lines end in
//! CRLF, text is escaped and long lines are folded at 75 octets without
//! splitting a UTF-8 character, as the RFC asks.
use jiff::{civil::DateTime, Timestamp};

/// The time zone definition for Europe/Amsterdam (EU summer time rules since 1996).
const VTIMEZONE: &[&str] = &[
    "BEGIN:VTIMEZONE",
    "TZID:Europe/Amsterdam",
    "BEGIN:DAYLIGHT",
    "TZOFFSETFROM:+0100",
    "TZOFFSETTO:+0200",
    "TZNAME:CEST",
    "DTSTART:19700329T020000",
    "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
    "END:DAYLIGHT",
    "BEGIN:STANDARD",
    "TZOFFSETFROM:+0200",
    "TZOFFSETTO:+0100",
    "TZNAME:CET",
    "DTSTART:19701025T030000",
    "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
    "END:STANDARD",
    "END:VTIMEZONE",
];

/// Length of an event when the ride's duration is not known.
pub const DEFAULT_DURATION_MIN: i64 = 60;

/// Where the ride stands, as calendars show it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Requested, not yet answered.
    Tentative,
    Confirmed,
    /// Declined, or another time proposed (see `docs/staff-answers.md`).
    Cancelled,
}

impl Status {
    fn code(self) -> &'static str {
        match self {
            Self::Tentative => "TENTATIVE",
            Self::Confirmed => "CONFIRMED",
            Self::Cancelled => "CANCELLED",
        }
    }
}

/// Which version of a booking's calendar event a mail carries.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Revision {
    pub(crate) sequence: u32,
    pub(crate) status: Status,
    /// `None`: when the booking was received.
    pub(crate) stamp: Option<jiff::Timestamp>,
    /// The return ride's status where it differs from the outward ride's (staff
    /// proposed another outward time: the return ride is still asked for).
    pub(crate) back: Option<Status>,
}

impl Revision {
    pub(crate) const BOOKED: Revision =
        Revision { sequence: 0, status: Status::Tentative, stamp: None, back: None };
}

/// One ride as a calendar event.
#[derive(Debug, Clone)]
pub struct Event {
    /// Globally unique and stable: the same booking gives the same UID, so a
    /// second import updates the event instead of adding one.
    pub uid: String,
    /// When this version was made (`DTSTAMP`): received, or answered.
    pub stamp: Timestamp,
    /// 0 for the booking, one more for each answer: calendars keep the highest.
    pub sequence: u32,
    pub status: Status,
    /// Pick-up, local time in Europe/Amsterdam.
    pub start: DateTime,
    pub duration_min: i64,
    pub summary: String,
    pub location: String,
    pub description: String,
    /// A page about the event (the dispatchers' calendar links the answer page).
    pub url: Option<String>,
}

/// A complete `VCALENDAR` with one event per ride, CRLF line endings.
pub fn calendar(product: &str, events: &[Event]) -> String {
    write(product, &[], events, Vec::new())
}

/// A line for whoever reads a calendar: an all-day event on `day` (phones
/// show those above the day's rides) and the calendar's own description.
#[derive(Debug, Clone)]
pub struct Notice {
    /// Stable, so a refreshed feed updates the event instead of adding one.
    pub uid: String,
    pub stamp: Timestamp,
    pub day: jiff::civil::Date,
    pub summary: String,
    pub description: String,
}

/// A calendar to subscribe to: named, and asking apps to fetch it again every
/// `refresh_minutes` (the standard `REFRESH-INTERVAL` of RFC 7986, and the
/// `X-PUBLISHED-TTL` older apps read).
pub fn feed(
    product: &str,
    name: &str,
    refresh_minutes: u32,
    events: &[Event],
    notice: Option<&Notice>,
) -> String {
    let every = format!("PT{refresh_minutes}M");
    let mut head = vec![
        format!("NAME:{}", escape(name)),
        format!("X-WR-CALNAME:{}", escape(name)),
        format!("REFRESH-INTERVAL;VALUE=DURATION:{every}"),
        format!("X-PUBLISHED-TTL:{every}"),
    ];
    if let Some(notice) = notice {
        let text = escape(&format!("{}\n\n{}", notice.summary, notice.description));
        head.extend([format!("DESCRIPTION:{text}"), format!("X-WR-CALDESC:{text}")]);
    }
    write(product, &head, events, notice.map(notice_lines).unwrap_or_default())
}

fn notice_lines(notice: &Notice) -> Vec<String> {
    let next = notice.day.tomorrow().unwrap_or(notice.day);
    vec![
        "BEGIN:VEVENT".into(),
        format!("UID:{}", escape(&notice.uid)),
        format!("DTSTAMP:{}", notice.stamp.strftime("%Y%m%dT%H%M%SZ")),
        format!("DTSTART;VALUE=DATE:{}", notice.day.strftime("%Y%m%d")),
        format!("DTEND;VALUE=DATE:{}", next.strftime("%Y%m%d")),
        format!("SUMMARY:{}", escape(&notice.summary)),
        format!("DESCRIPTION:{}", escape(&notice.description)),
        // Shown, but no time taken: the rides of that day stay free to plan.
        "TRANSP:TRANSPARENT".into(),
        "END:VEVENT".into(),
    ]
}

/// The calendar: `head` lines, then the events, then `more` lines (whole components).
fn write(product: &str, head: &[String], events: &[Event], more: Vec<String>) -> String {
    let mut lines: Vec<String> = vec![
        "BEGIN:VCALENDAR".into(),
        "VERSION:2.0".into(),
        format!("PRODID:-//{}//Taxi booking//EN", product.replace("//", "/")),
        "CALSCALE:GREGORIAN".into(),
        "METHOD:PUBLISH".into(),
    ];
    lines.extend(head.iter().cloned());
    lines.extend(VTIMEZONE.iter().map(|l| l.to_string()));
    for event in events {
        lines.extend(event_lines(event));
    }
    lines.extend(more);
    lines.push("END:VCALENDAR".into());
    let mut out = String::new();
    for line in lines {
        out.push_str(&fold(&line));
        out.push_str("\r\n");
    }
    out
}

fn event_lines(event: &Event) -> Vec<String> {
    let end = event
        .start
        .checked_add(jiff::Span::new().minutes(event.duration_min.clamp(1, 24 * 60)))
        .unwrap_or(event.start);
    let mut lines = vec![
        "BEGIN:VEVENT".into(),
        format!("UID:{}", escape(&event.uid)),
        format!("DTSTAMP:{}", event.stamp.strftime("%Y%m%dT%H%M%SZ")),
        format!("DTSTART;TZID=Europe/Amsterdam:{}", local(event.start)),
        format!("DTEND;TZID=Europe/Amsterdam:{}", local(end)),
        format!("SUMMARY:{}", escape(&event.summary)),
    ];
    // No place known (an address typed without a choice): no LOCATION rather than a sentence.
    if !event.location.is_empty() {
        lines.push(format!("LOCATION:{}", escape(&event.location)));
    }
    lines.extend([
        format!("DESCRIPTION:{}", escape(&event.description)),
        format!("SEQUENCE:{}", event.sequence),
        format!("STATUS:{}", event.status.code()),
        "TRANSP:OPAQUE".into(),
    ]);
    // A URI value: not escaped as text (it holds no control characters).
    lines.extend(event.url.iter().map(|url| format!("URL:{url}")));
    lines.push("END:VEVENT".into());
    lines
}

fn local(at: DateTime) -> String {
    at.strftime("%Y%m%dT%H%M%S").to_string()
}

/// TEXT value escaping: backslash, semicolon, comma and line breaks; other
/// control characters are dropped (they are not allowed in a content line).
pub fn escape(text: &str) -> String {
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '\\' => out.push_str("\\\\"),
            ';' => out.push_str("\\;"),
            ',' => out.push_str("\\,"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push(' '),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// Folds a content line: at most 75 octets per line, continuation lines start
/// with one space, and no UTF-8 sequence is split.
pub fn fold(line: &str) -> String {
    let mut out = String::with_capacity(line.len() + line.len() / 70 * 3);
    let mut octets = 0;
    for ch in line.chars() {
        let len = ch.len_utf8();
        if octets + len > 75 {
            out.push_str("\r\n ");
            octets = 1;
        }
        out.push(ch);
        octets += len;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(description: &str) -> Event {
        Event {
            uid: "R7K3Q9@taxi.example".into(),
            stamp: "2025-11-20T09:15:00Z".parse().unwrap(),
            sequence: 0,
            status: Status::Tentative,
            start: "2025-11-24T14:30".parse().unwrap(),
            duration_min: DEFAULT_DURATION_MIN,
            summary: "Taxi Roermond → Schiphol (R7K3Q9)".into(),
            location: "Stationsplein 1, 6041 GV Roermond".into(),
            description: description.into(),
            url: None,
        }
    }

    #[test]
    fn event_in_amsterdam_time_with_one_hour_default() {
        let ics = calendar("Taxi Roermond", &[event("Ophalen; 3 personen")]);
        assert!(ics.contains("\r\nDTSTART;TZID=Europe/Amsterdam:20251124T143000\r\n"), "{ics}");
        assert!(ics.contains("\r\nDTEND;TZID=Europe/Amsterdam:20251124T153000\r\n"));
        assert!(ics.contains("\r\nDTSTAMP:20251120T091500Z\r\n"));
        assert!(ics.contains("\r\nTZID:Europe/Amsterdam\r\n"));
        assert!(ics.contains("\r\nLOCATION:Stationsplein 1\\, 6041 GV Roermond\r\n"));
        assert!(ics.contains("\r\nDESCRIPTION:Ophalen\\; 3 personen\r\n"));
        assert!(ics.starts_with("BEGIN:VCALENDAR\r\n") && ics.ends_with("END:VCALENDAR\r\n"));
        assert!(!ics.replace("\r\n", "").contains('\n'), "only CRLF line ends");
        assert!(ics.contains("\r\nSEQUENCE:0\r\nSTATUS:TENTATIVE\r\n"));
    }

    #[test]
    fn an_answer_raises_the_sequence_and_sets_the_status() {
        let mut e = event("x");
        e.sequence = 1;
        e.status = Status::Cancelled;
        let ics = calendar("T", &[e]);
        assert!(ics.contains("\r\nUID:R7K3Q9@taxi.example\r\n"));
        assert!(ics.contains("\r\nSEQUENCE:1\r\nSTATUS:CANCELLED\r\n"), "{ics}");
    }

    #[test]
    fn a_return_ride_is_a_second_event() {
        let back = Event {
            uid: "return.R7K3Q9@taxi.example".into(),
            start: "2025-11-28T18:45".parse().unwrap(),
            ..event("Terug")
        };
        let ics = calendar("T", &[event("Heen"), back]);
        assert_eq!(ics.matches("\r\nBEGIN:VEVENT\r\n").count(), 2, "{ics}");
        assert_eq!(ics.matches("END:VCALENDAR").count(), 1);
        assert!(ics.contains("\r\nUID:return.R7K3Q9@taxi.example\r\nDTSTAMP:20251120T091500Z\r\nDTSTART;TZID=Europe/Amsterdam:20251128T184500\r\n"), "{ics}");
        assert!(ics.find("DESCRIPTION:Heen").unwrap() < ics.find("DESCRIPTION:Terug").unwrap());
    }

    #[test]
    fn a_feeds_notice_is_an_all_day_event_and_the_calendars_description() {
        let notice = Notice {
            uid: "cut@taxi.example".into(),
            stamp: "2025-11-20T09:15:00Z".parse().unwrap(),
            day: "2025-11-20".parse().unwrap(),
            summary: "List cut at 2 rides".into(),
            description: "3 more, in the mails".into(),
        };
        let ics = feed("T", "Rides", 15, &[event("x")], Some(&notice));
        let all_day =
            "\r\nDTSTART;VALUE=DATE:20251120\r\nDTEND;VALUE=DATE:20251121\r\nSUMMARY:List cut at 2 rides\r\n";
        assert!(ics.contains(all_day), "{ics}");
        assert!(
            ics.contains("\r\nX-WR-CALDESC:List cut at 2 rides\\n\\n3 more\\, in the mails\r\n"),
            "{ics}"
        );
        assert!(ics.ends_with("TRANSP:TRANSPARENT\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"), "{ics}");
        assert!(!feed("T", "Rides", 15, &[event("x")], None).contains("VALUE=DATE"));
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(escape("a\\b;c,d\r\ne\nf\u{7}"), "a\\\\b\\;c\\,d\\ne\\nf");
    }

    #[test]
    fn long_lines_fold_at_75_octets_without_splitting_characters() {
        let long = format!("DESCRIPTION:{}", "Zoë Łukasiewicz 王小明 ".repeat(20));
        let folded = fold(&long);
        for (i, line) in folded.split("\r\n").enumerate() {
            assert!(line.len() <= 75, "line {i} has {} octets", line.len());
            assert!(i == 0 || line.starts_with(' '));
        }
        let unfolded = folded.replace("\r\n ", "");
        assert_eq!(unfolded, long);
    }

    #[test]
    fn summer_time_date_keeps_local_time() {
        let mut e = event("x");
        e.start = "2026-07-01T06:00".parse().unwrap();
        e.duration_min = 135;
        let ics = calendar("T", &[e]);
        assert!(ics.contains("DTSTART;TZID=Europe/Amsterdam:20260701T060000"));
        assert!(ics.contains("DTEND;TZID=Europe/Amsterdam:20260701T081500"));
    }
}
