//! The texts of each fixed-price route's own (`routes` in the locale files): what a
//! traveller on that route needs to know (the terminal and the meeting point, when
//! to leave, the road at different times of day, what people go there for),
//! written per language and destination rather than filled into one template, so
//! the route pages are worth reading and are not near-copies of one another.
//! A configured destination without texts gets the page's general ones.
use std::{collections::HashMap, sync::OnceLock};

use serde::Deserialize;

use crate::{site::contract::RouteStory, types::Lang};

type Stories = HashMap<Lang, HashMap<String, RouteStory>>;

/// The `routes` part of a locale file (the rest is read by `i18n::Locales`).
#[derive(Deserialize)]
struct RouteTexts {
    routes: HashMap<String, RouteStory>,
}

fn stories() -> &'static Stories {
    static STORIES: OnceLock<Stories> = OnceLock::new();
    STORIES.get_or_init(|| {
        crate::i18n::SOURCES
            .iter()
            .map(|(lang, source)| {
                let texts: RouteTexts =
                    serde_json::from_str(source).expect("locale files hold the route texts");
                (*lang, texts.routes)
            })
            .collect()
    })
}

/// The story of destination `id` in `lang`, with `{{name}}` placeholders filled in
/// (`zone`, `destination`, `price`, `km`, `minutes`).
pub fn story(id: &str, lang: Lang, args: &[(&str, &str)]) -> Option<RouteStory> {
    let mut story = stories().get(&lang)?.get(id)?.clone();
    let fill = |text: &mut String| {
        for (name, value) in args {
            *text = text.replace(&format!("{{{{{name}}}}}"), value);
        }
    };
    fill(&mut story.lead);
    for section in &mut story.sections {
        fill(&mut section.heading);
        section.paragraphs.iter_mut().for_each(fill);
    }
    Some(story)
}

/// Parsed once, on first use (see [`stories`]); deserialized straight into the
/// page contract's type.
impl<'de> Deserialize<'de> for RouteStory {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Section {
            heading: String,
            paragraphs: Vec<String>,
        }
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Story {
            lead: String,
            sections: Vec<Section>,
        }
        let story = Story::deserialize(deserializer)?;
        Ok(RouteStory {
            lead: story.lead,
            sections: story
                .sections
                .into_iter()
                .map(|s| crate::site::contract::StorySection { heading: s.heading, paragraphs: s.paragraphs })
                .collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Settings;

    #[test]
    fn every_destination_has_its_story_in_every_language_and_only_known_placeholders() {
        let settings = Settings::load_from(&Default::default()).unwrap();
        for lang in Lang::ALL {
            let ids: Vec<_> = stories()[&lang].keys().collect();
            assert_eq!(ids.len(), settings.tariff.destinations.len(), "{lang}: {ids:?}");
            for destination in &settings.tariff.destinations {
                let args =
                    [("zone", "Z"), ("destination", "D"), ("price", "P"), ("km", "K"), ("minutes", "M")];
                let story = story(&destination.id, lang, &args)
                    .unwrap_or_else(|| panic!("{lang} {}", destination.id));
                let all = std::iter::once(&story.lead).chain(
                    story.sections.iter().flat_map(|s| std::iter::once(&s.heading).chain(&s.paragraphs)),
                );
                for text in all {
                    assert!(!text.contains("{{") && !text.contains('<'), "{lang} {}: {text}", destination.id);
                }
                assert!((3..=5).contains(&story.sections.len()), "{lang} {}", destination.id);
            }
        }
        assert!(story("nowhere", Lang::Nl, &[]).is_none());
    }
}
