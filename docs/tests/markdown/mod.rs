//! What the book's tests share about reading Markdown as mdBook does.

use pulldown_cmark::Options;

/// The extensions mdBook turns on. mdBook 0.4's `smart-punctuation` is off
/// by default and this book does not set it.
pub fn options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_TASKLISTS
        | Options::ENABLE_HEADING_ATTRIBUTES
}
