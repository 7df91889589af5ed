//! README.md and docs/*.md held to the tree: every file path, setting and test
//! name they write in backticks (or link to) must exist, so a move or a rename
//! cannot leave them behind silently. Checked:
//! - a path: a link target, or a code span with a `/` or a source extension,
//!   found from the repository root, from the doc's folder, or as the end of a
//!   repository path (`booking/store.rs`, `tests/delivery/outbox.rs`);
//! - a setting: `section.key` whose section is one of `server/config/default.toml`,
//!   which holds every setting (the settings refuse unknown keys and have no
//!   other defaults), or else a text's key in `locales/en.json` (`places.approximate`);
//! - a test: `file::test_name` (a `fn` in a Rust file of that name or under a
//!   folder of that name) or `file::title` (a `test(…)` in `ui/tests/file.test.mjs`).
use std::{
    collections::BTreeSet,
    fs,
    path::{Path, PathBuf},
};

/// Written like repository paths but made at run or build time. An entry
/// ending in `/` covers everything under it.
const NOT_REPO_FILES: &[&str] = &[
    // The data directory (`data_dir`, `./var`): the spool's and the Maildir's folders, and files.
    "var/",
    "spool/",
    "tmp/",
    "queue/",
    "sending/",
    "done/",
    "failed/",
    "quarantine/",
    "new/",
    "page-dates.json",
    // Build and test output (git-ignored).
    "target/",
    "test-output/",
    // The bundles `ui/build.mjs` emits, a route and a media type.
    "client-vendor.js",
    "client-reservation-nl.js",
    "client-contact-nl.js",
    "early-reservation.js",
    "robots.txt",
    "application/json",
];

/// Folders never searched: version control, build output, dependencies, the
/// data directory (the git-ignored ones).
const SKIPPED_DIRS: &[&str] = &[".git", "target", "node_modules", "dist", "var", "test-output"];

const SOURCE_EXTENSIONS: &[&str] =
    &[".rs", ".ts", ".tsx", ".mjs", ".js", ".json", ".md", ".sh", ".toml", ".py", ".css", ".html", ".txt"];

/// What the docs may name, read once from the tree.
struct Repo {
    /// Repository-relative paths of files, and of folders with a trailing `/`.
    paths: BTreeSet<String>,
    sections: BTreeSet<String>,
    settings: BTreeSet<String>,
    /// The texts' keys, which the docs write like settings.
    texts: BTreeSet<String>,
    /// Every Rust file under `server/src` and `server/tests`: path and text.
    rust: Vec<(String, String)>,
    /// Every `ui/tests/*.test.mjs` by its name before `.test.mjs`, with its test titles.
    ui_tests: Vec<(String, Vec<String>)>,
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_owned()
}

impl Repo {
    fn load(root: &Path) -> Repo {
        let mut paths = BTreeSet::new();
        walk(root, root, &mut paths);
        let rust = paths
            .iter()
            .filter(|p| {
                (p.starts_with("server/src/") || p.starts_with("server/tests/")) && p.ends_with(".rs")
            })
            .map(|p| (p.clone(), fs::read_to_string(root.join(p)).unwrap()))
            .collect();
        let ui_tests = paths
            .iter()
            .filter_map(|p| p.strip_prefix("ui/tests/")?.strip_suffix(".test.mjs").map(|stem| (p, stem)))
            .map(|(p, stem)| (stem.to_owned(), test_titles(&fs::read_to_string(root.join(p)).unwrap())))
            .collect();
        let defaults: toml::Table =
            fs::read_to_string(root.join("server/config/default.toml")).unwrap().parse().unwrap();
        let mut settings = BTreeSet::new();
        let mut sections = BTreeSet::new();
        for (name, value) in &defaults {
            if value.is_table() {
                sections.insert(name.clone());
                setting_names(name, value, &mut settings);
            }
        }
        let locale: serde_json::Value =
            serde_json::from_str(&fs::read_to_string(root.join("locales/en.json")).unwrap()).unwrap();
        let mut texts = BTreeSet::new();
        text_keys("", &locale, &mut texts);
        Repo { paths, sections, settings, texts, rust, ui_tests }
    }
}

fn walk(root: &Path, dir: &Path, out: &mut BTreeSet<String>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy();
        let relative = path.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
        if path.is_dir() {
            if !SKIPPED_DIRS.contains(&name.as_ref()) {
                out.insert(format!("{relative}/"));
                walk(root, &path, out);
            }
        } else {
            out.insert(relative);
        }
    }
}

/// `prefix.key` for every key of a table, and deeper for tables inside it
/// (also those in arrays of tables, such as `tariff.destinations`).
fn setting_names(prefix: &str, value: &toml::Value, out: &mut BTreeSet<String>) {
    let tables: Vec<&toml::Table> = match value {
        toml::Value::Table(table) => vec![table],
        toml::Value::Array(items) => items.iter().filter_map(toml::Value::as_table).collect(),
        _ => return,
    };
    for (key, inner) in tables.into_iter().flatten() {
        let name = format!("{prefix}.{key}");
        setting_names(&name, inner, out);
        out.insert(name);
    }
}

fn text_keys(prefix: &str, value: &serde_json::Value, out: &mut BTreeSet<String>) {
    for (key, inner) in value.as_object().into_iter().flatten() {
        let name = if prefix.is_empty() { key.clone() } else { format!("{prefix}.{key}") };
        text_keys(&name, inner, out);
        out.insert(name);
    }
}

/// The titles of `test("…", …)` calls; a template's `${…}` parts are kept as written.
fn test_titles(source: &str) -> Vec<String> {
    source
        .split("test(")
        .skip(1)
        .filter_map(|rest| {
            // Prettier puts a title that does not fit beside `test(` on the next line.
            let rest = rest.trim_start();
            let quote = rest.chars().next().filter(|c| ['"', '\'', '`'].contains(c))?;
            rest[1..].split(quote).next().map(str::to_owned)
        })
        .collect()
}

/// Every code span and link target outside fenced blocks, with its line.
fn mentions(text: &str) -> Vec<(usize, String)> {
    let mut prose = String::with_capacity(text.len());
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced {
            prose.push_str(line);
        }
        prose.push('\n');
    }
    let line_of = |at: usize| prose[..at].matches('\n').count() + 1;
    let mut found = Vec::new();
    // Code spans may wrap onto the next line, not across a paragraph.
    let mut rest = 0;
    while let Some(open) = prose[rest..].find('`').map(|i| rest + i) {
        let Some(close) = prose[open + 1..].find('`').map(|i| open + 1 + i) else { break };
        let span = &prose[open + 1..close];
        if span.contains("\n\n") {
            rest = open + 1;
            continue;
        }
        found.push((line_of(open), span.to_owned()));
        rest = close + 1;
    }
    for (at, _) in prose.match_indices("](") {
        let target = prose[at + 2..].split([')', ' ']).next().unwrap();
        found.push((line_of(at), target.to_owned()));
    }
    found
}

/// Every mention in `text` that names nothing in `repo`, as `file:line: why`.
fn check(doc: &str, text: &str, repo: &Repo) -> Vec<String> {
    let mut offences = Vec::new();
    for (line, mention) in mentions(text) {
        let problem = if let Some(setting) = as_setting(&mention, repo) {
            let known = repo.settings.contains(setting) || repo.texts.contains(setting);
            (!known).then_some("no such setting in server/config/default.toml")
        } else if let Some((file, name)) = mention.rsplit_once("::") {
            test_problem(file, name, repo)
        } else if looks_like_path(&mention) {
            (!path_exists(doc, &mention, repo)).then_some("no such file or folder")
        } else {
            None
        };
        if let Some(problem) = problem {
            offences.push(format!("{doc}:{line}: `{mention}`: {problem}"));
        }
    }
    offences
}

/// `section.key`, also as written in TOML (`[section.key]`, `section.key = value`).
fn as_setting<'a>(mention: &'a str, repo: &Repo) -> Option<&'a str> {
    let name = mention.split(" = ").next().unwrap().trim_matches(['[', ']']);
    let (section, _) = name.split_once('.')?;
    let plain = name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '.');
    (plain && repo.sections.contains(section) && !SOURCE_EXTENSIONS.iter().any(|e| name.ends_with(e)))
        .then_some(name)
}

fn test_problem(file: &str, name: &str, repo: &Repo) -> Option<&'static str> {
    // A browser test's title is a sentence with spaces (`places::ListedPlace` is Rust).
    let stem = file.trim_end_matches(".test.mjs");
    let browser = name.contains(' ') || file.ends_with(".test.mjs");
    if let Some((_, titles)) = repo.ui_tests.iter().filter(|_| browser).find(|(s, _)| s == stem) {
        return (!titles.iter().any(|t| t.contains(name))).then_some("no such test in ui/tests");
    }
    // A test name reads as a sentence; shorter ones are the code's own items (`edge::lang`).
    let is_identifier = |s: &str| s.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    let module = file.rsplit("::").next().unwrap();
    if !is_identifier(module) || !is_identifier(name) || name.matches('_').count() < 3 {
        return None;
    }
    let in_module = |path: &str| {
        let path = path.trim_end_matches(".rs");
        path.ends_with(&format!("/{module}")) || path.contains(&format!("/{module}/"))
    };
    let defined = repo.rust.iter().any(|(path, text)| {
        in_module(path) && (text.contains(&format!("fn {name}(")) || text.contains(&format!("fn {name}<")))
    });
    (!defined).then_some("no such test function")
}

fn looks_like_path(mention: &str) -> bool {
    let path = mention.split('#').next().unwrap();
    let placeholder = |c: char| c.is_whitespace() || "*<>{}…?@".contains(c);
    !path.is_empty()
        && !path.contains("://")
        && !path.starts_with('/') // the site's URLs and system paths
        && !path.contains(placeholder)
        && (path.contains('/') || SOURCE_EXTENSIONS.iter().any(|e| path.ends_with(e)))
}

fn path_exists(doc: &str, mention: &str, repo: &Repo) -> bool {
    let path = mention.split('#').next().unwrap();
    let path = path.strip_prefix("./").unwrap_or(path);
    let allowed = |entry: &&str| match entry.strip_suffix('/') {
        Some(dir) => path == dir || path.starts_with(entry),
        None => path == *entry,
    };
    if NOT_REPO_FILES.iter().any(allowed) {
        return true;
    }
    let doc_dir = doc.rsplit_once('/').map_or("", |(dir, _)| dir);
    let is = |candidate: &str| repo.paths.contains(candidate);
    // A folder may be written without its trailing `/`.
    let as_dir = format!("{}/", path.trim_end_matches('/'));
    [path, &as_dir].iter().any(|p| {
        is(p)
            || is(&format!("{doc_dir}/{p}"))
            || repo.paths.iter().any(|known| known.ends_with(&format!("/{p}")))
    })
}

fn doc_files(root: &Path) -> Vec<String> {
    let mut docs: Vec<String> = fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|e| format!("docs/{}", e.unwrap().file_name().to_string_lossy()))
        .filter(|name| name.ends_with(".md"))
        .collect();
    docs.sort();
    docs.insert(0, "README.md".into());
    docs
}

#[test]
fn the_docs_name_only_files_settings_and_tests_that_exist() {
    let root = root();
    let repo = Repo::load(&root);
    assert!(repo.settings.contains("mail.retention_days") && repo.settings.len() > 100, "settings not read");
    assert!(repo.rust.len() > 100 && repo.ui_tests.len() > 10, "sources not read");
    let docs = doc_files(&root);
    assert!(docs.len() > 5, "{docs:?}");
    let offences: Vec<String> =
        docs.iter().flat_map(|doc| check(doc, &fs::read_to_string(root.join(doc)).unwrap(), &repo)).collect();
    assert!(offences.is_empty(), "the docs name what does not exist:\n{}", offences.join("\n"));
}

/// The check above could pass by finding nothing: a doc with a fault of each
/// kind among good mentions of each kind must be reported exactly.
#[test]
fn the_docs_check_finds_a_planted_fault_of_each_kind() {
    let repo = Repo::load(&root());
    let doc = "Good: `scripts/test.sh`, `api/seo.rs`, [edge](edge.md#limits), `./var`, `spool/failed/`,\n\
               `render.workers`, `[tariff.zone]`, `seo::each_route_page_is_mostly_its_own_text`, `edge::lang`,\n\
               `funnel::the route box is on the first screen`.\n\
               Bad: `server/src/nowhere.rs`, [gone](gone.md), `render.wokers`,\n\
               `seo::a_test_that_was_never_written`, `funnel::a title no test has`.\n\
               ```\n`fenced/away.rs`\n```\n";
    let found = check("docs/planted.md", doc, &repo);
    let expected = [
        "docs/planted.md:4: `server/src/nowhere.rs`: no such file or folder",
        "docs/planted.md:4: `render.wokers`: no such setting in server/config/default.toml",
        "docs/planted.md:5: `seo::a_test_that_was_never_written`: no such test function",
        "docs/planted.md:5: `funnel::a title no test has`: no such test in ui/tests",
        "docs/planted.md:4: `gone.md`: no such file or folder",
    ];
    assert_eq!(found, expected);
}
