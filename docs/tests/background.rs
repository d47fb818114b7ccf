//! The background texts go by one short name each, which Corrections to
//! the background texts (`corrections.md`) introduces in bold: no page
//! calls one of them anything else.

use std::fs;
use std::path::Path;

/// The short names, as corrections.md introduces them.
const NAMES: &[&str] = &[
    "the lab",
    "the blackjack post",
    "the PRNG post",
    "the card room's note",
];

/// The other names the texts went by before the fifth edition.
const RETIRED: &[&str] = &[
    "blog post on",
    "a blog post",
    "the java blog post",
    "the blog's",
    "posts on naive shuffles",
    "a background text says",
    "one background text",
    "a card room's note",
];

#[test]
fn each_background_text_has_one_short_name() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let corrections = fs::read_to_string(src.join("corrections.md")).expect("corrections.md");
    let corrections = corrections.split_whitespace().collect::<Vec<_>>().join(" ");
    for name in NAMES {
        assert!(
            corrections.contains(&format!("**{name}**")),
            "corrections.md does not introduce **{name}**"
        );
    }
    let mut pages = 0;
    for folder in ["", "deeper"] {
        for entry in fs::read_dir(src.join(folder)).expect("docs/src") {
            let path = entry.expect("an entry").path();
            if path.extension().is_none_or(|e| e != "md") {
                continue;
            }
            let text = fs::read_to_string(&path).expect("a page").to_lowercase();
            let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
            for retired in RETIRED {
                assert!(
                    !text.contains(retired),
                    "{}: \"{retired}\": call the text by its short name ({NAMES:?})",
                    path.display()
                );
            }
            pages += 1;
        }
    }
    assert!(pages >= 30, "only {pages} pages read");
}
