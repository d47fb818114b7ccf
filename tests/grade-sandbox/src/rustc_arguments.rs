//! What the compile's wall reads off rustc's command line, as cargo
//! writes it: the crate's name, its output folder (which the wall points
//! at a private one) and the folders its dependencies are found in.

use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};

/// The value after `option` (`--option value` or `--option=value`).
pub(crate) fn value_after<'a>(arguments: &'a [OsString], option: &str) -> Option<&'a OsStr> {
    let prefix = format!("{option}=");
    arguments.iter().enumerate().find_map(|(i, argument)| {
        let text = argument.to_str()?;
        if text == option {
            arguments.get(i + 1).map(OsString::as_os_str)
        } else {
            text.strip_prefix(&prefix).map(OsStr::new)
        }
    })
}

/// The arguments with `--out-dir` pointing at `private`.
pub(crate) fn with_out_dir(arguments: &[OsString], private: &Path) -> Vec<OsString> {
    let mut rewritten = Vec::with_capacity(arguments.len());
    let mut iter = arguments.iter();
    while let Some(argument) = iter.next() {
        if argument == "--out-dir" {
            rewritten.push(argument.clone());
            iter.next();
            rewritten.push(private.as_os_str().to_os_string());
        } else if argument
            .to_str()
            .is_some_and(|a| a.starts_with("--out-dir="))
        {
            let mut joined = OsString::from("--out-dir=");
            joined.push(private);
            rewritten.push(joined);
        } else {
            rewritten.push(argument.clone());
        }
    }
    rewritten
}

/// The folders rustc searches for its dependencies (`-L [kind=]folder`).
pub(crate) fn library_folders(arguments: &[OsString]) -> Vec<PathBuf> {
    let mut folders = Vec::new();
    for (i, argument) in arguments.iter().enumerate() {
        let Some(text) = argument.to_str() else {
            continue;
        };
        let value = if text == "-L" {
            arguments.get(i + 1).and_then(|v| v.to_str())
        } else {
            text.strip_prefix("-L").filter(|v| !v.is_empty())
        };
        if let Some(value) = value {
            let folder = value.split_once('=').map_or(value, |(_, folder)| folder);
            folders.push(PathBuf::from(folder));
        }
    }
    folders
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_rustcs_arguments() {
        let arguments: Vec<OsString> = [
            "--crate-name",
            "s0123456789abcdef",
            "subs/s0123456789abcdef/src/lib.rs",
            "--out-dir",
            "/t/deps",
            "-L",
            "dependency=/t/deps",
            "-L/other",
        ]
        .into_iter()
        .map(OsString::from)
        .collect();
        assert_eq!(
            value_after(&arguments, "--crate-name"),
            Some(OsStr::new("s0123456789abcdef"))
        );
        assert_eq!(
            library_folders(&arguments),
            [PathBuf::from("/t/deps"), PathBuf::from("/other")]
        );
        let rewritten = with_out_dir(&arguments, Path::new("/private"));
        assert_eq!(
            value_after(&rewritten, "--out-dir"),
            Some(OsStr::new("/private"))
        );
        assert_eq!(rewritten.len(), arguments.len());
    }
}
