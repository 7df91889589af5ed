//! The shape of `server/src`, checked: top-level modules depend on each other
//! only downwards, in the order of [`LAYERS`] (docs/architecture.md draws it),
//! and no Rust file grows past [`MAX_LINES`]. A dependency is any `crate::x`
//! path outside comments, in `use` lists or in code; `super::` never leaves a
//! top-level module. Being a plain test over the sources, it needs no build of
//! the server and runs in milliseconds. The docs are held to the tree as well
//! ([`docs`]: the paths, settings and test names they mention exist).
use std::{
    collections::{BTreeMap, BTreeSet},
    fs,
    path::{Path, PathBuf},
};

#[path = "architecture/docs.rs"]
mod docs;

/// Top-level modules from the top (the application that wires everything) to
/// the bottom (types that know nothing else). A module may use only modules
/// listed after it. Capabilities first, then the machinery they share.
const LAYERS: &[&str] = &[
    // The application: start-up, the route table, operations, the UI contract.
    "main",
    "startup",
    "routes",
    "health",
    "contract",
    "healthcheck",
    "cli",
    "preflight",
    // Capabilities, each a folder from its routes down to its mails and store.
    "staff_answers",
    "manage_booking",
    "reminders",
    "booking",
    "booking_mail",
    "bookings",
    "contact",
    "site",
    "pricing",
    "places",
    // Shared machinery that knows no capability.
    "forms",
    "edge",
    "mail",
    "store",
    "render",
    "i18n",
    "secret",
    "telemetry",
    "config",
    "types",
    "faults",
];

/// Upward dependencies still being taken apart (issue 25). Each entry must
/// still exist, so the list can only shrink.
const KNOWN_UPWARD: &[(&str, &str)] = &[];

const MAX_LINES: usize = 400;

fn src_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The source without `//` comments (doc comments name modules freely) and
/// without string literals' contents.
fn code_only(source: &str) -> String {
    let mut out = String::with_capacity(source.len());
    for line in source.lines() {
        let mut in_string = false;
        let mut prev = ' ';
        let mut kept = String::new();
        let chars: Vec<char> = line.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            if !in_string && c == '/' && chars.get(i + 1) == Some(&'/') {
                break;
            }
            if c == '"' && prev != '\\' {
                in_string = !in_string;
            }
            if !in_string {
                kept.push(c);
            }
            prev = if prev == '\\' && c == '\\' { ' ' } else { c };
            i += 1;
        }
        out.push_str(&kept);
        out.push('\n');
    }
    out
}

/// The top-level modules a piece of code names through `crate::`, including
/// the heads of grouped imports (`use crate::{a::X, b}`).
fn named_modules(code: &str) -> BTreeSet<String> {
    let ident = |text: &str| -> String {
        text.trim_start().chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect()
    };
    let mut found = BTreeSet::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        let after = &rest[at + "crate::".len()..];
        if let Some(group) = after.strip_prefix('{') {
            // Split the group's items at its own commas, not at nested ones.
            let (mut depth, mut item_start) = (0usize, 0usize);
            for (i, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => {
                        found.insert(ident(&group[item_start..i]));
                        break;
                    }
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        found.insert(ident(&group[item_start..i]));
                        item_start = i + 1;
                    }
                    _ => {}
                }
            }
        } else {
            found.insert(ident(after));
        }
        rest = &rest[at + 1..];
    }
    found.remove("");
    found
}

fn top_module(file: &Path) -> String {
    let relative = file.strip_prefix(src_dir()).unwrap();
    let first = relative.components().next().unwrap().as_os_str().to_string_lossy().into_owned();
    first.strip_suffix(".rs").map(str::to_owned).unwrap_or(first)
}

fn dependency_graph() -> BTreeMap<String, BTreeSet<String>> {
    let mut files = Vec::new();
    rust_files(&src_dir(), &mut files);
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in files {
        let module = top_module(&file);
        if module == "lib" {
            continue;
        }
        let code = code_only(&fs::read_to_string(&file).unwrap());
        let entry = graph.entry(module.clone()).or_default();
        for named in named_modules(&code) {
            if named != module {
                entry.insert(named);
            }
        }
    }
    graph
}

#[test]
fn every_top_level_module_has_a_layer() {
    let graph = dependency_graph();
    let unlisted: Vec<_> = graph.keys().filter(|m| !LAYERS.contains(&m.as_str())).collect();
    assert!(unlisted.is_empty(), "add these modules to LAYERS (and docs/architecture.md): {unlisted:?}");
}

#[test]
fn modules_depend_only_downwards() {
    let graph = dependency_graph();
    let rank = |m: &str| LAYERS.iter().position(|l| *l == m);
    let mut upward = BTreeSet::new();
    for (from, tos) in &graph {
        for to in tos {
            let (Some(a), Some(b)) = (rank(from), rank(to)) else { continue };
            if a >= b {
                upward.insert((from.as_str(), to.as_str()));
            }
        }
    }
    let known: BTreeSet<_> = KNOWN_UPWARD.iter().copied().collect();
    let new: Vec<_> = upward.difference(&known).collect();
    let gone: Vec<_> = known.difference(&upward).collect();
    assert!(
        new.is_empty(),
        "dependencies against the layering (a module may use only those below it): {new:?}"
    );
    assert!(gone.is_empty(), "remove these from KNOWN_UPWARD, they are gone: {gone:?}");
}

#[test]
fn no_rust_file_is_longer_than_the_limit() {
    // The code and everything beside it: tests, examples and benches too.
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["src", "tests", "examples", "benches"] {
        if crate_dir.join(dir).is_dir() {
            rust_files(&crate_dir.join(dir), &mut files);
        }
    }
    let mut long: Vec<_> = files
        .iter()
        .map(|f| {
            (fs::read_to_string(f).unwrap().lines().count(), f.strip_prefix(crate_dir).unwrap().to_owned())
        })
        .filter(|(lines, _)| *lines > MAX_LINES)
        .collect();
    long.sort();
    assert!(long.is_empty(), "files over {MAX_LINES} lines: {long:?}");
}

/// The same limit for the hand-written TypeScript and JavaScript: the UI, its
/// tests and the scripts.
#[test]
fn no_script_file_is_longer_than_the_limit() {
    // Generated from the Rust types.
    const EXEMPT: [&str; 1] = ["ui/src/shared/contract.ts"];
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let mut files = Vec::new();
    for dir in ["ui/src", "ui/tests", "ui/bench", "scripts"] {
        script_files(&root.join(dir), &mut files);
    }
    assert!(files.len() > 40, "{} files found", files.len());
    let mut long: Vec<_> = files
        .iter()
        .map(|f| (fs::read_to_string(f).unwrap().lines().count(), f.strip_prefix(root).unwrap().to_owned()))
        .filter(|(lines, path)| *lines > MAX_LINES && !EXEMPT.iter().any(|e| path == Path::new(e)))
        .collect();
    long.sort();
    assert!(long.is_empty(), "files over {MAX_LINES} lines: {long:?}");
}

fn script_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    for path in entries.map(|e| e.unwrap().path()) {
        let name = path.file_name().unwrap().to_string_lossy();
        if path.is_dir() && name != "node_modules" {
            script_files(&path, out);
        } else if [".ts", ".tsx", ".mjs", ".js"].iter().any(|ext| name.ends_with(ext)) {
            out.push(path);
        }
    }
}

/// The modules of the layer table of `docs/architecture.md`, row after row, in order.
fn layer_table(page: &str) -> Vec<String> {
    page.lines()
        .skip_while(|line| !line.starts_with("| layer | modules |"))
        .skip(2)
        .take_while(|line| line.starts_with('|'))
        .flat_map(|row| {
            let modules = row.split('|').nth(2).unwrap_or("");
            modules.split('`').skip(1).step_by(2).map(str::to_owned).collect::<Vec<_>>()
        })
        .collect()
}

/// The page draws the layers this test holds: a module added, moved or
/// dropped in one and not the other fails here.
#[test]
fn the_layer_table_of_the_docs_is_layers() {
    let page =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/architecture.md")).unwrap();
    assert_eq!(layer_table(&page), LAYERS, "docs/architecture.md's layer table and LAYERS differ");
    // A fault planted in the page is found: two modules swapped.
    let planted = page.replacen("`edge` → `mail`", "`mail` → `edge`", 1);
    assert_ne!(planted, page, "the planted fault's text is in the page");
    assert_ne!(layer_table(&planted), LAYERS);
}

#[test]
fn the_parser_finds_grouped_and_inline_paths() {
    let code = code_only(
        "use crate::{a::X, b::{c::Y, Z}, d};\nfn f() { crate::e::g(); } // crate::comment\nlet s = \"crate::text\";",
    );
    let found = named_modules(&code);
    assert_eq!(found, ["a", "b", "d", "e"].iter().map(|s| s.to_string()).collect());
}
