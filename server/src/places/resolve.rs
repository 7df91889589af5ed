//! Typed text as a place, without guessing: what the route box, the prices
//! page and a form sent without picking from the list carry.
//!
//! Text becomes a place only when it names exactly one place in full
//! ("Luchthaven Düsseldorf", "Roermond", "Munsterplein 1 Roermond", "Roermond
//! Outlet"), or when the one place found has every typed word as a whole word
//! of its name or its town ("Laurentius" for Laurentius Ziekenhuis): a
//! question with one option asks nothing. A town whose airport is in the list
//! too ("Düsseldorf", "Eindhoven", "Weeze"), two places of the same name, or
//! text that names none in full but starts some ("Frankfurt") are a choice
//! for the visitor: never priced as the first suggestion. So is a lone place
//! found only by the start of its name or despite a typing error ("Berlin"
//! for Berlingen, were Berlin unknown; "Roermnd"): it may be a namesake of a
//! place the provider does not know. See docs/decisions.md, "Never guess a
//! place".
use crate::places::{
    new_session_token, PlaceDetails, PlaceKind, Places, PlacesError, PlacesProvider, Suggestion,
};
use crate::types::{Lang, PlaceId};

/// At most this many places offered as a choice.
pub const MAX_CHOICES: usize = 4;

/// What typed text is.
#[derive(Debug, Clone, PartialEq)]
pub enum Resolution {
    /// The one place the text names.
    Place(PlaceDetails),
    /// Places it may mean, best first: the visitor chooses.
    Choice(Vec<Suggestion>),
    /// Nothing like it.
    NotFound,
}

impl Resolution {
    pub fn place(self) -> Option<PlaceDetails> {
        match self {
            Resolution::Place(place) => Some(place),
            _ => None,
        }
    }

    pub fn as_place(&self) -> Option<&PlaceDetails> {
        match self {
            Resolution::Place(place) => Some(place),
            _ => None,
        }
    }
}

/// What the suggestions for a text say about it, before any details call.
#[derive(Debug, PartialEq)]
enum Verdict {
    One(usize),
    Choice(Vec<usize>),
    None,
}

/// The suggestions the text names in full decide; a town named in full is
/// still a choice when an airport is among the suggestions (its own airport:
/// the list only has airports whose names the text starts). A choice holding
/// one place of the `wanted` kind (the link says which) is that place.
fn verdict(suggestions: &[Suggestion], wanted: Option<PlaceKind>) -> Verdict {
    match unnarrowed(suggestions) {
        Verdict::Choice(picked) if wanted.is_some() => {
            match picked.iter().filter(|&&i| suggestions[i].kind == wanted).collect::<Vec<_>>().as_slice() {
                [one] => Verdict::One(**one),
                _ => Verdict::Choice(picked),
            }
        }
        verdict => verdict,
    }
}

fn unnarrowed(suggestions: &[Suggestion]) -> Verdict {
    let kind = |i: &usize| suggestions[*i].kind;
    let airport = |i: &usize| kind(i) == Some(PlaceKind::Airport);
    let mut exact: Vec<usize> = (0..suggestions.len()).filter(|&i| suggestions[i].exact).collect();
    let of_kind = |exact: &[usize], k: PlaceKind| -> Vec<usize> {
        exact.iter().copied().filter(|i| kind(i) == Some(k)).collect()
    };
    let (addresses, towns) = (of_kind(&exact, PlaceKind::Address), of_kind(&exact, PlaceKind::Locality));
    if !addresses.is_empty() {
        // A street typed with its town: the street, not the town the rest of the text names.
        exact = addresses;
    } else if towns.len() == 1 && !exact.iter().any(airport) {
        // A town and its station (or a place in it) share the name: it means the town.
        exact = towns;
    }
    match exact.as_slice() {
        [] if suggestions.is_empty() => Verdict::None,
        // One option, each typed word a whole word of it: no question.
        [] if suggestions.len() == 1 && suggestions[0].whole_words => Verdict::One(0),
        [] => Verdict::Choice((0..suggestions.len().min(MAX_CHOICES)).collect()),
        [one] if suggestions[*one].kind != Some(PlaceKind::Locality) => Verdict::One(*one),
        [one] => {
            let airports: Vec<usize> = (0..suggestions.len()).filter(|i| i != one && airport(i)).collect();
            if airports.is_empty() {
                return Verdict::One(*one);
            }
            // The town first, then its airport(s), as the visitor reads the question.
            let mut choice = vec![*one];
            choice.extend(airports);
            choice.truncate(MAX_CHOICES);
            Verdict::Choice(choice)
        }
        several => Verdict::Choice(several.iter().copied().take(MAX_CHOICES).collect()),
    }
}

impl Places {
    /// The place `text` names, or the places it may mean. The search and the
    /// details call share one session token, so Google bills them as one
    /// search session (the details call ends it).
    pub async fn resolve_text(&self, text: &str, lang: Lang) -> Result<Resolution, PlacesError> {
        self.resolve_text_as(text, None, lang).await
    }

    /// As [`Places::resolve_text`], where the link says what kind of place it
    /// means (the prices page's "Bonn" is the city, not Köln/Bonn airport).
    pub async fn resolve_text_as(
        &self,
        text: &str,
        kind: Option<PlaceKind>,
        lang: Lang,
    ) -> Result<Resolution, PlacesError> {
        let session = new_session_token();
        let suggestions = self.suggestions(text, lang, Some(&session)).await?;
        match verdict(&suggestions, kind) {
            Verdict::None => Ok(Resolution::NotFound),
            Verdict::Choice(picked) => {
                Ok(Resolution::Choice(picked.iter().map(|&i| suggestions[i].clone()).collect()))
            }
            Verdict::One(i) => {
                let id = PlaceId::parse(&suggestions[i].id).ok_or(PlacesError::NotFound)?;
                Ok(Resolution::Place(self.details(&id, lang, Some(&session)).await?))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::places::gazetteer::tests::gazetteer;

    type Named = (Option<PlaceKind>, String);

    /// The verdict on what the gazetteer suggests, as (kind, name) of the places.
    fn resolved(text: &str, lang: Lang) -> Result<Named, Vec<Named>> {
        let list = gazetteer().suggest(text, lang);
        let named = |i: usize| (list[i].kind, list[i].main_text.clone());
        match verdict(&list, None) {
            Verdict::One(i) => Ok(named(i)),
            Verdict::Choice(picked) => Err(picked.into_iter().map(named).collect()),
            Verdict::None => Err(Vec::new()),
        }
    }

    #[test]
    fn a_town_with_its_airport_is_a_choice_town_first() {
        let cases = [
            ("Düsseldorf", Lang::Nl),
            ("Dusseldorf", Lang::En),
            ("Keulen", Lang::Nl),
            ("Köln", Lang::De),
            ("Cologne", Lang::En),
            ("Eindhoven", Lang::Nl),
            ("Weeze", Lang::De),
        ];
        for (text, lang) in cases {
            let choice = resolved(text, lang).expect_err(text);
            assert_eq!(choice[0].0, Some(PlaceKind::Locality), "{text}: {choice:?}");
            assert!(
                choice[1..].iter().any(|(kind, _)| *kind == Some(PlaceKind::Airport)),
                "{text}: {choice:?}"
            );
        }
    }

    #[test]
    fn a_name_in_full_is_that_place() {
        let cases = [
            ("Luchthaven Düsseldorf", Lang::Nl, PlaceKind::Airport),
            ("Flughafen Düsseldorf", Lang::De, PlaceKind::Airport),
            ("Düsseldorf Airport", Lang::En, PlaceKind::Airport),
            ("Eindhoven Airport", Lang::Nl, PlaceKind::Airport),
            // The airport's own name; its station's only without "station".
            ("Schiphol airport", Lang::Nl, PlaceKind::Airport),
            ("Schiphol airport", Lang::De, PlaceKind::Airport),
            ("Schiphol Airport", Lang::En, PlaceKind::Airport),
            ("Station Schiphol Airport", Lang::Nl, PlaceKind::Station),
            ("Roermond", Lang::Nl, PlaceKind::Locality),
            ("Venlo", Lang::De, PlaceKind::Locality),
            ("Roermond station", Lang::En, PlaceKind::Station),
            ("Munsterplein 1 Roermond", Lang::Nl, PlaceKind::Address),
            // A street without its town, in the company's; its frequent places by short name.
            ("Kapellerlaan 30", Lang::Nl, PlaceKind::Address),
            ("Munsterplein 1", Lang::Nl, PlaceKind::Address),
            ("LZR", Lang::Nl, PlaceKind::Poi),
            ("ECI Roermond", Lang::De, PlaceKind::Poi),
            // Issue 55: no question with one option, nor an airport's with its station.
            ("Roermond Outlet", Lang::Nl, PlaceKind::Poi),
            ("Düsseldorf Flughafen", Lang::De, PlaceKind::Airport),
            ("Flughafen Köln", Lang::De, PlaceKind::Airport),
            ("Köln/Bonn Flughafen", Lang::De, PlaceKind::Airport),
            ("Keulen luchthaven", Lang::Nl, PlaceKind::Airport),
            ("Hamburg Airport", Lang::En, PlaceKind::Airport),
            ("Herten NRW", Lang::De, PlaceKind::Locality),
            ("Laurentius", Lang::Nl, PlaceKind::Poi),
            ("Bahnhof Düsseldorf Flughafen", Lang::De, PlaceKind::Station),
        ];
        for (text, lang, kind) in cases {
            let (found, name) = resolved(text, lang).unwrap_or_else(|c| panic!("{text}: {c:?}"));
            assert_eq!(found, Some(kind), "{text}: {name}");
        }
    }

    #[test]
    fn a_start_of_names_is_a_choice_and_nonsense_nothing() {
        let choice = resolved("Frankfurt", Lang::De).expect_err("Frankfurt");
        assert!(choice.len() >= 2, "{choice:?}");
        let choice = resolved("Mönchengla", Lang::De).expect_err("a start is no name");
        assert!(!choice.is_empty());
        assert_eq!(resolved("Qxzvbn", Lang::Nl), Err(Vec::new()));
    }

    #[test]
    fn a_lone_place_found_by_a_typing_error_or_a_start_is_still_a_question() {
        // Found despite an error, or by the start of its name: it may be a namesake of a
        // place the data lacks, so the visitor confirms it.
        for text in ["Kapel in 't Zand Roermnd", "Venlo statoin", "Hamstraat 12 Roermnd", "Borussia-Pa"] {
            let choice = resolved(text, Lang::Nl).expect_err(text);
            assert!(!choice.is_empty(), "{text}: offered");
        }
        let choice = resolved("Hamstraat 12 Roermnd", Lang::Nl).unwrap_err();
        assert_eq!(choice[0], (Some(PlaceKind::Address), "Hamstraat 12".to_string()));
        // Unknown places (smaller than 10,000 and far away) find nothing, never a namesake.
        for text in ["Berchtesgaden", "Oberstdorf"] {
            assert_eq!(resolved(text, Lang::De), Err(Vec::new()), "{text}");
        }
        // Hamburg is Hamburg (or its airport), not Homburg.
        let choice = resolved("Hamburg", Lang::De).unwrap_err();
        assert!(choice.iter().all(|(_, name)| name.contains("Hamburg")), "{choice:?}");
    }

    #[test]
    fn one_option_named_with_whole_words_is_the_answer() {
        let lone = |whole: bool| Suggestion { whole_words: whole, ..suggestion(Some(PlaceKind::Poi), false) };
        assert_eq!(verdict(&[lone(true)], None), Verdict::One(0));
        assert_eq!(verdict(&[lone(false)], None), Verdict::Choice(vec![0]));
        assert_eq!(verdict(&[lone(true), lone(true)], None), Verdict::Choice(vec![0, 1]));
    }

    fn suggestion(kind: Option<PlaceKind>, exact: bool) -> Suggestion {
        Suggestion {
            id: "x".into(),
            main_text: "x".into(),
            secondary_text: String::new(),
            approximate: false,
            kind,
            exact,
            whole_words: exact,
        }
    }

    #[test]
    fn two_places_named_in_full_are_a_choice() {
        let town = suggestion(Some(PlaceKind::Locality), true);
        let unknown_kind = suggestion(None, true);
        assert_eq!(verdict(&[town.clone(), town.clone()], None), Verdict::Choice(vec![0, 1]));
        assert_eq!(verdict(&[suggestion(None, false), unknown_kind], None), Verdict::One(1));
        let airport = suggestion(Some(PlaceKind::Airport), false);
        assert_eq!(verdict(&[airport.clone(), town.clone()], None), Verdict::Choice(vec![1, 0]));
        // The link says it means the town: the one town of the choice.
        assert_eq!(verdict(&[airport.clone(), town.clone()], Some(PlaceKind::Locality)), Verdict::One(1));
        assert_eq!(
            verdict(&[town.clone(), town.clone()], Some(PlaceKind::Locality)),
            Verdict::Choice(vec![0, 1])
        );
        assert_eq!(verdict(&vec![airport; 9], None), Verdict::Choice(vec![0, 1, 2, 3]));
        assert_eq!(verdict(&[], None), Verdict::None);
    }
}
