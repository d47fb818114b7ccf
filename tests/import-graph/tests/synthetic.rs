//! The check can fail: loops and upward imports in small crates written
//! here are found, and their untangled forms pass.

use std::path::Path;

use import_graph::ImportGraph;

/// Writes `files` (path, text) under a fresh folder and reads the graph
/// of its `src/lib.rs`.
fn graph_of(files: &[(&str, &str)]) -> ImportGraph {
    let folder = tempfile::tempdir().unwrap();
    for (path, text) in files {
        let path = folder.path().join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    ImportGraph::read(&folder.path().join("src/lib.rs")).unwrap()
}

fn module(path: &str) -> Vec<String> {
    path.split("::")
        .filter(|segment| !segment.is_empty())
        .map(String::from)
        .collect()
}

#[test]
fn two_files_importing_each_other_are_a_loop() {
    let graph = graph_of(&[
        ("src/lib.rs", "mod a;\nmod b;\n"),
        ("src/a.rs", "use crate::b::B;\npub struct A;\n"),
        (
            "src/b.rs",
            "pub struct B;\npub fn f() -> crate::a::A { todo!() }\n",
        ),
    ]);
    assert_eq!(graph.loops(), vec![vec![module("a"), module("b")]]);
}

#[test]
fn a_loop_through_a_facade_is_found() {
    // report/mod.rs re-exports its child; the child reaches a sibling
    // through the facade rather than by its own path.
    let graph = graph_of(&[
        ("src/lib.rs", "mod report;\n"),
        (
            "src/report/mod.rs",
            "mod page;\nmod chart;\npub use chart::Chart;\npub use page::Page;\n",
        ),
        ("src/report/chart.rs", "pub struct Chart;\n"),
        (
            "src/report/page.rs",
            "use super::Chart;\npub struct Page(Chart);\n",
        ),
    ]);
    assert_eq!(
        graph.loops(),
        vec![vec![module("report"), module("report::page")]]
    );

    let untangled = graph_of(&[
        ("src/lib.rs", "mod report;\n"),
        (
            "src/report/mod.rs",
            "mod page;\nmod chart;\npub use chart::Chart;\npub use page::Page;\n",
        ),
        ("src/report/chart.rs", "pub struct Chart;\n"),
        (
            "src/report/page.rs",
            "use super::chart::Chart;\npub struct Page(Chart);\n",
        ),
    ]);
    assert!(untangled.loops().is_empty());
}

#[test]
fn paths_in_code_and_macros_count_and_tests_do_not() {
    let graph = graph_of(&[
        ("src/lib.rs", "mod a;\nmod b;\nmod c;\n"),
        (
            "src/a.rs",
            "pub fn f() { println!(\"{}\", crate::b::G); }\n",
        ),
        (
            "src/b.rs",
            "pub const G: u8 = 1;\npub fn g() { super::c::h() }\n",
        ),
        (
            "src/c.rs",
            "pub fn h() {}\n#[cfg(test)]\nmod tests {\n    use crate::a::f;\n}\n",
        ),
    ]);
    assert!(graph.loops().is_empty(), "{:?}", graph.loops());
    assert!(graph.edges[&module("a")].contains(&module("b")));
    assert!(graph.edges[&module("b")].contains(&module("c")));
}

#[test]
fn an_import_from_a_lower_layer_up_is_found() {
    let graph = graph_of(&[
        (
            "src/lib.rs",
            "mod build;\nmod report;\npub use report::write;\n",
        ),
        ("src/build/mod.rs", "pub fn batch() {}\n"),
        (
            "src/report/mod.rs",
            "pub fn write() { crate::build::batch() }\n",
        ),
    ]);
    let layers: &[&[&str]] = &[&["build"], &["report"]];
    assert!(graph.upward_imports(layers).unwrap().is_empty());

    let upward = graph_of(&[
        ("src/lib.rs", "mod build;\nmod report;\n"),
        (
            "src/build/mod.rs",
            "pub fn batch() { crate::report::write() }\n",
        ),
        ("src/report/mod.rs", "pub fn write() {}\n"),
    ]);
    assert_eq!(
        upward.upward_imports(layers).unwrap(),
        vec![(module("build"), module("report"))]
    );
    // A module in no layer is an error, not a pass.
    assert!(upward.upward_imports(&[&["build"]]).is_err());
}

#[test]
fn this_crate_has_no_loop() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs");
    assert!(ImportGraph::read(&root).unwrap().loops().is_empty());
}

#[test]
fn a_visibility_is_no_import() {
    let graph = graph_of(&[
        ("src/lib.rs", "mod a;\npub use a::f;\n"),
        ("src/a.rs", "pub(crate) fn f() {}\npub(super) fn g() {}\n"),
    ]);
    assert!(graph.edges[&module("a")].is_empty(), "{:?}", graph.edges);
}

#[test]
fn a_path_through_the_roots_reexport_leads_to_its_module() {
    // b reaches a's item as crate::A, which the root re-exports; a calls
    // b: a loop between a and b, not through the root.
    let graph = graph_of(&[
        (
            "src/lib.rs",
            "mod a;\nmod b;\npub use a::A;\npub use std::fmt::Debug;\n",
        ),
        ("src/a.rs", "pub struct A;\npub fn f() { crate::b::g() }\n"),
        ("src/b.rs", "pub fn g() { let _ = crate::A; }\n"),
    ]);
    assert_eq!(graph.loops(), vec![vec![module("a"), module("b")]]);
    assert!(graph.edges[&module("")].is_empty(), "{:?}", graph.edges);
}

/// A module declared by a macro (as `grading`'s checks were, from the
/// registry) is read from the file its name gives, so a loop through it
/// is found; a test-only module's file stays out.
#[test]
fn a_loop_through_a_module_a_macro_declares_is_found() {
    let graph = graph_of(&[
        (
            "src/lib.rs",
            "macro_rules! modules { ($($name:ident)*) => { $(pub mod $name;)* } }\n\
             modules!(probe);\nmod coin;\n#[cfg(test)]\nmod tests;\n",
        ),
        (
            "src/probe.rs",
            "pub fn read() -> bool { crate::coin::sides() }\n",
        ),
        (
            "src/coin.rs",
            "use crate::probe::read;\npub fn sides() -> bool { true }\n",
        ),
        (
            "src/tests.rs",
            "use crate::coin::sides;\nuse crate::probe::read;\n",
        ),
        ("src/bin/tool.rs", "use crate::coin::sides;\nfn main() {}\n"),
    ]);
    assert_eq!(graph.loops(), vec![vec![module("coin"), module("probe")]]);
}

#[test]
fn the_module_a_macro_declares_untangled_passes() {
    let graph = graph_of(&[
        (
            "src/lib.rs",
            "macro_rules! modules { ($($name:ident)*) => { $(pub mod $name;)* } }\n\
             modules!(probe);\nmod coin;\n",
        ),
        (
            "src/probe.rs",
            "pub fn read() -> bool { sides() }\npub fn sides() -> bool { true }\n",
        ),
        ("src/coin.rs", "use crate::probe::read;\n"),
    ]);
    assert!(graph.loops().is_empty(), "{:?}", graph.loops());
}
