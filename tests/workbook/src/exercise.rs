//! What is known of an exercise without running it. The registry's
//! expansion lists every one (`EXERCISES`).

/// What is known of an exercise without running it.
#[derive(Debug, Clone, Copy)]
pub struct Exercise {
    /// The function's name, such as `"flip"`.
    pub name: &'static str,
    /// What the function does, in one line.
    pub summary: &'static str,
    /// Whether it is a bonus extension, which lives in the `extensions`
    /// module and is reported but never scored.
    pub bonus: bool,
    /// The points it is worth unless a rubric says otherwise, as the
    /// registry declares them (`worth 20`); 0 for a bonus extension.
    pub points: u32,
    // The shape's, for `signature`, `wrapper` and `missing`; the
    // registry's expansion fills them in.
    pub(crate) signature: fn(&str) -> String,
    pub(crate) wrapper: fn(&str, &str) -> String,
    pub(crate) missing: fn(&str) -> String,
}

impl Exercise {
    /// The signature the stubs give: `pub fn flip<R: Rng + ?Sized>(rng:
    /// &mut R) -> &'static str`.
    pub fn signature(&self) -> String {
        (self.signature)(self.name)
    }

    /// Source of a function of the same name and shape, for `dyn Rng`, that
    /// forwards to the one at `path`.
    pub fn wrapper(&self, path: &str) -> String {
        (self.wrapper)(self.name, path)
    }

    /// Source of a function of the same name and shape that says "not yet
    /// implemented".
    pub fn missing(&self) -> String {
        (self.missing)(self.name)
    }
}
