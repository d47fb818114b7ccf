//! The Rust source of an exercise's function, written from its
//! [shape](crate::shapes): the student's signature, as the stubs and the
//! mirror check read it, and the wrappers the `grade` command appends to a
//! submission (one per exercise, for `dyn Rng`, or "not yet implemented"
//! for a bonus module that was not handed in). How a shape is called is in
//! `shapes`; how it is written, here.

use crate::shapes::Shape;

/// The student's signature of an exercise of shape `S`, as the stubs give
/// it: `pub fn flip<R: Rng + ?Sized>(rng: &mut R) -> &'static str`.
pub(crate) fn signature<S: Shape>(name: &str) -> String {
    let generic = S::PARAMETERS.iter().any(|(_, ty)| ty.contains("mut R"));
    let parameters: Vec<String> = S::PARAMETERS
        .iter()
        .map(|(name, ty)| format!("{name}: {ty}"))
        .collect();
    format!(
        "pub fn {name}{}({}){}",
        if generic { "<R: Rng + ?Sized>" } else { "" },
        parameters.join(", "),
        returns(S::RETURNS),
    )
}

/// A function of shape `S` named `name` that forwards to `path::name`,
/// instantiated for `dyn Rng`: the code the `grade` command appends to a
/// submission. It is one function per exercise, so a compile error in it
/// (a missing function, a wrong signature) costs only that exercise.
pub(crate) fn wrapper<S: Shape>(name: &str, path: &str) -> String {
    let (parameters, arguments) = for_dyn_rng::<S>();
    format!(
        "    pub fn {name}({parameters}){} {{\n        {path}::{name}({arguments})\n    }}\n",
        returns(S::RETURNS),
    )
}

/// A wrapper of shape `S` that says "not yet implemented", as the stubs do:
/// for a bonus exercise whose module was not handed in.
pub(crate) fn missing<S: Shape>(name: &str) -> String {
    let (parameters, arguments) = for_dyn_rng::<S>();
    format!(
        "    pub fn {name}({parameters}){} {{\n        let _ = ({arguments});\n        ::core::todo!()\n    }}\n",
        returns(S::RETURNS),
    )
}

/// The parameters of shape `S` with `dyn Rng` for `R`, and the arguments
/// that pass them on.
fn for_dyn_rng<S: Shape>() -> (String, String) {
    let parameters: Vec<String> = S::PARAMETERS
        .iter()
        .map(|(name, ty)| {
            format!(
                "{name}: {}",
                ty.replace("mut R", "mut (dyn ::rand::Rng + 'static)")
            )
        })
        .collect();
    let arguments: Vec<&str> = S::PARAMETERS.iter().map(|(name, _)| *name).collect();
    (parameters.join(", "), arguments.join(", "))
}

fn returns(ty: &str) -> String {
    if ty.is_empty() {
        String::new()
    } else {
        format!(" -> {ty}")
    }
}
