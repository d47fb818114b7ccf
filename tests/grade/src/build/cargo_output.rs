//! Reading what cargo says as it comes, within bounds: its JSON lines one
//! at a time, each at most [`LINE_MOST`] bytes, and its stderr's last
//! [`STDERR_KEPT`] bytes, read on a thread of their own so that neither
//! pipe fills while the other is read. What a submission makes the
//! compiler say is the submission's to choose: a 3 KB file whose macro
//! doubles fourteen times gives 16,384 type errors of about 25 KB each
//! (build_type_error_flood.rs), which grade read whole, at a peak of
//! 438 MiB (1.9 GB at sixteen doublings).

use std::borrow::Cow;
use std::io::{self, BufRead, Read};
use std::thread::JoinHandle;

use crate::build::diagnostic::Diagnostic;

/// The longest line of cargo's that is read; a longer one is skipped as it
/// streams past, never held. The largest line of the class and hostile
/// fixtures' builds is a flood's error at 25 KB (its macro backtrace); an
/// ordinary error's line is 2 to 5 KB and an artifact's under 2 KB.
pub const LINE_MOST: usize = 1 << 20;

/// The errors kept of each crate, in rustc's order. Repair stubs out the
/// function each error points into, and a submission has a few dozen
/// functions at most: 64 errors is more than any repair round can use,
/// and at most 64 × 20 KiB ([`TEXT_MOST`]) of text a crate.
///
/// A pack holds several submissions (see `pack`), so a flood from one
/// member can push a classmate's errors past the 64: no classmate is
/// misgraded by it. A pack with any error is never taken as built; the
/// members its kept errors point at are built alone, and the others are
/// built again as a pack, where the classmate's error comes first, or,
/// after `PACK_ROUNDS`, alone (`packs::build_packs`).
pub const ERRORS_KEPT: usize = 64;

/// The most of a kept error's message and of its rendering that is kept:
/// reports show the first 14 lines of the rendering and the first line of
/// the message (`Crate::render`, `first_line_of`); 16 KiB holds 14 lines
/// of 1,000 characters.
pub const TEXT_MOST: usize = 16 << 10;

/// The spans kept of a kept error: its primary ones come first, and only
/// the primary span and whether there are any are read.
const SPANS_KEPT: usize = 8;

/// The end of cargo's stderr that is kept, for the message of a cargo that
/// failed on its own: its last 12 lines.
pub const STDERR_KEPT: usize = 64 << 10;

/// Calls `each` with every line of `reader` (without its line break) of at
/// most `most` bytes; a longer line is read past without being kept.
pub fn each_line(
    mut reader: impl BufRead,
    most: usize,
    mut each: impl FnMut(&[u8]),
) -> io::Result<()> {
    let mut line = Vec::new();
    let mut skipping = false;
    loop {
        let buffer = match reader.fill_buf() {
            Ok(buffer) => buffer,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if buffer.is_empty() {
            if !skipping && !line.is_empty() {
                each(&line);
            }
            return Ok(());
        }
        let (part, ends) = match buffer.iter().position(|&b| b == b'\n') {
            Some(at) => (&buffer[..at], Some(at + 1)),
            None => (buffer, None),
        };
        if !skipping {
            if line.len() + part.len() > most {
                skipping = true;
                line = Vec::new();
            } else {
                line.extend_from_slice(part);
            }
        }
        let used = ends.unwrap_or(buffer.len());
        reader.consume(used);
        if ends.is_some() {
            if !skipping {
                each(&line);
            }
            line.clear();
            skipping = false;
        }
    }
}

/// Reads `reader` to its end on a thread, keeping only its last `keep`
/// bytes.
pub fn tail_on_a_thread(
    mut reader: impl Read + Send + 'static,
    keep: usize,
) -> JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut tail = Vec::new();
        let mut buffer = [0u8; 16 << 10];
        loop {
            match reader.read(&mut buffer) {
                Ok(0) => return tail,
                Ok(read) => {
                    tail.extend_from_slice(&buffer[..read]);
                    if tail.len() > 2 * keep {
                        tail.drain(..tail.len() - keep);
                    }
                }
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                Err(_) => return tail,
            }
        }
    })
}

/// `text` cut to at most `most` bytes, at a character boundary, saying so.
fn cut(text: &mut String, most: usize) {
    let more = workbook::cut_text(text, most);
    if more > 0 {
        text.push_str(&format!(
            "\n… ({} more bytes cut)",
            crate::terminal::thousands(more)
        ));
    }
}

/// The error as it is kept: its texts cut to [`TEXT_MOST`], its spans to
/// its primary ones and a few more, each span's file name cut and the rest
/// of it (the source lines it quotes, its suggestion, its macro backtrace)
/// dropped, and its notes and its code's long explanation dropped. Only
/// the message, the rendering, the code, and the primary span's file and
/// line are ever read.
pub fn bounded(mut diagnostic: Diagnostic) -> Diagnostic {
    cut(&mut diagnostic.message, TEXT_MOST);
    if let Some(rendered) = &mut diagnostic.rendered {
        cut(rendered, TEXT_MOST);
    }
    diagnostic.children = Vec::new();
    if let Some(code) = &mut diagnostic.code {
        code.explanation = None;
        cut(&mut code.code, 64);
    }
    if diagnostic.spans.len() > SPANS_KEPT {
        diagnostic.spans.sort_by_key(|span| !span.is_primary);
        diagnostic.spans.truncate(SPANS_KEPT);
    }
    for span in &mut diagnostic.spans {
        cut(&mut span.file_name, 4 << 10);
        span.text = Vec::new();
        span.label = None;
        span.suggested_replacement = None;
        span.expansion = None;
    }
    diagnostic
}

/// The deepest a line of cargo's is read: the parser stops at 128 levels
/// (serde_json's bound, which keeps its recursion off the end of the
/// stack), and rustc nests each macro a span was expanded through two
/// levels deeper, so an error at the end of a chain of 200 macros is a
/// 287 KB line 405 levels deep (measured with rustc 1.95). Even: in a
/// compiler message (cargo's object, then rustc's diagnostic in it) every
/// object or array at an odd depth is one that may be empty, a span's
/// macro backtrace (made `null`), the source lines it quotes, a list of
/// spans or notes (made `[]`), or an error code (`null`), never a span
/// itself; [`within_depth`] cuts at depth 101.
pub const DEPTH_MOST: usize = 100;

/// `line`, a JSON value, with every object nested deeper than `most`
/// levels replaced by `null` and every array by `[]`; `line` itself when
/// nothing is that deep. A byte scan, without recursion.
pub fn within_depth(line: &[u8], most: usize) -> Cow<'_, [u8]> {
    let mut kept: Option<Vec<u8>> = None;
    let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
    // While cutting: the depth at which the cut value opened.
    let mut cutting: Option<usize> = None;
    for (at, &byte) in line.iter().enumerate() {
        if in_string {
            match (escaped, byte) {
                (true, _) => escaped = false,
                (false, b'\\') => escaped = true,
                (false, b'"') => in_string = false,
                _ => {}
            }
        } else {
            match byte {
                b'"' => in_string = true,
                b'{' | b'[' => {
                    depth += 1;
                    if depth > most && cutting.is_none() {
                        cutting = Some(depth);
                        let out = kept.get_or_insert_with(|| line[..at].to_vec());
                        out.extend_from_slice(if byte == b'{' { b"null" } else { b"[]" });
                    }
                }
                b'}' | b']' => {
                    if cutting == Some(depth) {
                        cutting = None;
                        depth = depth.saturating_sub(1);
                        continue;
                    }
                    depth = depth.saturating_sub(1);
                }
                _ => {}
            }
        }
        if cutting.is_none()
            && let Some(out) = &mut kept
        {
            out.push(byte);
        }
    }
    kept.map_or(Cow::Borrowed(line), Cow::Owned)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_are_skipped_and_the_rest_read_whole() {
        let text = format!("short\n{}\nlast", "x".repeat(100));
        // A small buffer, so that lines span several reads.
        let reader = io::BufReader::with_capacity(8, text.as_bytes());
        let mut lines = Vec::new();
        each_line(reader, 10, |line| {
            lines.push(String::from_utf8_lossy(line).into_owned())
        })
        .unwrap();
        assert_eq!(lines, ["short", "last"]);
    }

    #[test]
    fn the_tail_is_the_end() {
        let text: Vec<u8> = (0..100_000u32).map(|i| (i % 251) as u8).collect();
        let tail = tail_on_a_thread(io::Cursor::new(text.clone()), 1000)
            .join()
            .unwrap();
        assert!(tail.len() >= 1000 && tail.len() <= 2000);
        assert!(text.ends_with(&tail));
    }

    #[test]
    fn what_is_too_deep_is_cut_and_the_rest_kept() {
        let shallow = br#"{"a":[1,{"b":"{[\"]"}]}"#;
        assert!(matches!(within_depth(shallow, 3), Cow::Borrowed(_)));
        assert_eq!(
            &*within_depth(br#"{"a":{"b":{"c":[1]},"d":[[2],"]}"]},"e":3}"#, 2),
            br#"{"a":{"b":null,"d":[]},"e":3}"#
        );
    }

    /// A compiler message about an error at the end of a chain of 200
    /// macros, as rustc 1.95 writes it (405 levels deep), is read, and
    /// keeps its primary span.
    #[test]
    fn an_error_deep_in_macros_is_read() {
        let span = |expansion: String| {
            format!(
                r#"{{"file_name":"subs/s1/src/lib.rs","byte_start":0,"byte_end":1,"line_start":7,"line_end":7,"column_start":1,"column_end":2,"is_primary":true,"text":[{{"text":"x","highlight_start":1,"highlight_end":2}}],"label":null,"suggested_replacement":null,"suggestion_applicability":null,"expansion":{expansion}}}"#
            )
        };
        let mut expansion = "null".to_string();
        for _ in 0..200 {
            expansion = format!(
                r#"{{"span":{},"macro_decl_name":"m!","def_site_span":null}}"#,
                span(expansion)
            );
        }
        let line = format!(
            r#"{{"reason":"compiler-message","package_id":"path+file:///x/subs/s1#0.0.0","manifest_path":"/x/subs/s1/Cargo.toml","target":{{"kind":["lib"],"crate_types":["lib"],"name":"s1","src_path":"/x/subs/s1/src/lib.rs","edition":"2024","doctest":true,"test":true}},"message":{{"rendered":"error","$message_type":"diagnostic","children":[],"code":{{"code":"E0308","explanation":null}},"level":"error","message":"mismatched types","spans":[{}]}}}}"#,
            span(expansion)
        );
        assert!(serde_json::from_str::<cargo_metadata::Message>(&line).is_err());
        let line = within_depth(line.as_bytes(), DEPTH_MOST);
        let Ok(cargo_metadata::Message::CompilerMessage(message)) =
            serde_json::from_slice::<cargo_metadata::Message>(&line)
        else {
            panic!("not read: {}", String::from_utf8_lossy(&line));
        };
        let primary = crate::build::diagnostic::primary(&message.message).unwrap();
        assert_eq!(
            (primary.file_name.as_str(), primary.line_start),
            ("subs/s1/src/lib.rs", 7)
        );
    }

    #[test]
    fn texts_are_cut_and_say_so() {
        let mut text = "é".repeat(10);
        cut(&mut text, 5);
        assert_eq!(text, "éé\n… (16 more bytes cut)");
    }
}
