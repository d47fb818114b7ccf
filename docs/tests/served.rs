//! The book as a reader gets it from a web host: built by mdBook into a
//! temporary folder and served over http by a small static file server,
//! every `href` and `src` of every page mdBook writes must load (pages,
//! images, style sheets, scripts), and every `#fragment` must name an
//! element of the page it points into. Links that leave the book (http,
//! https, mailto) are checked for their form only: the test runs offline.
//!
//! It needs mdBook 0.5 (`cargo install mdbook --locked --version ^0.5`),
//! so a plain `cargo test` reports it ignored; `.ci/run` installs mdBook
//! and runs it (`cargo test -- --include-ignored`).

use std::collections::{BTreeSet, HashMap, HashSet};
use std::fs;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::{self, JoinHandle};

use scraper::{Html, Selector};

/// True where mdBook runs.
fn mdbook_installed() -> bool {
    Command::new("mdbook")
        .arg("--version")
        .output()
        .is_ok_and(|output| output.status.success())
}

/// A static file server on a free local port, as any web host serves a
/// built book: a path names a file under the root, a folder serves its
/// `index.html`, and anything else is a 404. Stopped when dropped.
struct Server {
    address: SocketAddr,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Server {
    fn start(root: PathBuf) -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").expect("a free local port");
        let address = listener.local_addr().expect("the server's address");
        let stop = Arc::new(AtomicBool::new(false));
        let stopping = Arc::clone(&stop);
        let thread = thread::spawn(move || {
            for stream in listener.incoming() {
                if stopping.load(Ordering::SeqCst) {
                    break;
                }
                if let Ok(stream) = stream {
                    // A request the server cannot answer shows up as a
                    // failed GET in the test, so its error is not needed.
                    let _ = answer(stream, &root);
                }
            }
        });
        Server {
            address,
            stop,
            thread: Some(thread),
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        // Wake the accept loop so that it sees the flag.
        let _ = TcpStream::connect(self.address);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Answers one `GET` with the file it names, closing the connection.
fn answer(mut stream: TcpStream, root: &Path) -> io::Result<()> {
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut request = String::new();
    reader.read_line(&mut request)?;
    loop {
        let mut header = String::new();
        if reader.read_line(&mut header)? == 0 || header.trim().is_empty() {
            break;
        }
    }
    let target = request.split_whitespace().nth(1).unwrap_or("/");
    let path = percent_decode(target.split(['?', '#']).next().unwrap_or(target));
    match file_for(root, &path).and_then(|file| Some((fs::read(&file).ok()?, file))) {
        Some((body, file)) => {
            let kind = match file.extension().and_then(|e| e.to_str()) {
                Some("html") => "text/html; charset=utf-8",
                Some("css") => "text/css",
                Some("js") => "text/javascript",
                Some("svg") => "image/svg+xml",
                Some("png") => "image/png",
                Some("woff2") => "font/woff2",
                _ => "application/octet-stream",
            };
            write!(
                stream,
                "HTTP/1.1 200 OK\r\nContent-Type: {kind}\r\nContent-Length: {}\r\n\
                 Connection: close\r\n\r\n",
                body.len()
            )?;
            stream.write_all(&body)
        }
        None => write!(
            stream,
            "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
        ),
    }
}

/// The file a decoded URL path names under `root`, if there is one.
fn file_for(root: &Path, path: &str) -> Option<PathBuf> {
    let mut file = root.to_path_buf();
    for segment in path.split('/') {
        match segment {
            "" | "." => {}
            ".." => return None,
            name => file.push(name),
        }
    }
    if file.is_dir() {
        file.push("index.html");
    }
    file.is_file().then_some(file)
}

/// `%XX` escapes decoded, as UTF-8.
fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut decoded = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let escaped = (bytes[i] == b'%')
            .then(|| text.get(i + 1..i + 3))
            .flatten()
            .and_then(|hex| u8::from_str_radix(hex, 16).ok());
        match escaped {
            Some(byte) => {
                decoded.push(byte);
                i += 3;
            }
            None => {
                decoded.push(bytes[i]);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&decoded).into_owned()
}

/// A path as it goes on the request line: spaces, controls and non-ASCII
/// bytes escaped, as a browser sends them.
fn percent_encode(path: &str) -> String {
    path.bytes()
        .map(|b| {
            if b.is_ascii_graphic() {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

/// `GET path` over a new connection: the status code and the body.
fn get(address: SocketAddr, path: &str) -> (u16, Vec<u8>) {
    let mut stream = TcpStream::connect(address).expect("the server accepts");
    write!(
        stream,
        "GET {} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n",
        percent_encode(path)
    )
    .expect("a request sent");
    let mut response = Vec::new();
    stream.read_to_end(&mut response).expect("a response");
    let end = response
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a response head");
    let head = String::from_utf8_lossy(&response[..end]);
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|code| code.parse().ok())
        .expect("a status code");
    (status, response[end + 4..].to_vec())
}

/// A link with a scheme (`https:`, `mailto:`) or a host (`//host/`): it
/// leaves the book.
fn is_external(link: &str) -> bool {
    link.starts_with("//")
        || link.split_once(':').is_some_and(|(scheme, _)| {
            scheme.starts_with(|c: char| c.is_ascii_alphabetic())
                && scheme
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
        })
}

/// An external link's form: http or https with a host name (and maybe a
/// port), or mailto with an address. Any other scheme is a mistake here.
fn well_formed_external(link: &str) -> bool {
    if link.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return false;
    }
    let (scheme, rest) = link.split_once(':').unwrap_or(("https", link));
    match scheme.to_ascii_lowercase().as_str() {
        "http" | "https" => rest.strip_prefix("//").is_some_and(|rest| {
            let authority = rest.split(['/', '?', '#']).next().unwrap_or(rest);
            let (host, port) = authority.rsplit_once(':').unwrap_or((authority, "80"));
            !port.is_empty()
                && port.chars().all(|c| c.is_ascii_digit())
                && host.split('.').all(|label| {
                    !label.is_empty()
                        && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
                })
        }),
        "mailto" => rest
            .split_once('@')
            .is_some_and(|(user, host)| !user.is_empty() && host.contains('.')),
        _ => false,
    }
}

/// Where `link`, on the page at the absolute path `base`, leads: the
/// absolute path and the fragment, if any. Resolved as a browser resolves a
/// relative URL (RFC 3986, 5.2), `..` stopping at the site's root, so a
/// link that climbs out of the book lands on a path the host does not
/// have. The query is dropped: it does not choose a static file.
fn resolve(base: &str, link: &str) -> (String, Option<String>) {
    let (rest, fragment) = match link.split_once('#') {
        Some((rest, fragment)) => (rest, Some(percent_decode(fragment))),
        None => (link, None),
    };
    let rest = rest.split('?').next().unwrap_or(rest);
    let joined = if rest.is_empty() {
        base.to_string()
    } else if rest.starts_with('/') {
        rest.to_string()
    } else {
        let folder = &base[..=base.rfind('/').unwrap_or(0)];
        format!("{folder}{rest}")
    };
    let parts: Vec<&str> = joined.split('/').skip(1).collect();
    let mut segments: Vec<&str> = Vec::new();
    for (i, part) in parts.iter().enumerate() {
        let last = i + 1 == parts.len();
        match *part {
            "." => {}
            ".." => {
                segments.pop();
            }
            name => {
                segments.push(name);
                continue;
            }
        }
        // `a/.` and `a/..` name folders, so keep their trailing slash.
        if last {
            segments.push("");
        }
    }
    (format!("/{}", segments.join("/")), fragment)
}

/// What the server gave for one path, loaded once.
struct Loaded {
    status: u16,
    /// The `id`s (and `<a name>`s) of an HTML page; `None` for other files.
    ids: Option<HashSet<String>>,
}

/// The served site as the checker has seen it so far.
struct Site {
    address: SocketAddr,
    loaded: HashMap<String, Loaded>,
}

impl Site {
    fn load(&mut self, path: &str) -> &Loaded {
        let address = self.address;
        self.loaded.entry(path.to_string()).or_insert_with(|| {
            let (status, body) = get(address, path);
            let html = path.ends_with(".html") || path.ends_with('/');
            let ids = (status == 200 && html).then(|| {
                let page = Html::parse_document(&String::from_utf8_lossy(&body));
                let named = Selector::parse("[id], a[name]").expect("a selector");
                page.select(&named)
                    .flat_map(|e| [e.value().attr("id"), e.value().attr("name")])
                    .flatten()
                    .map(str::to_string)
                    .collect()
            });
            Loaded { status, ids }
        })
    }

    /// Why `link` on the page at `base` is broken, if it is.
    fn check(&mut self, base: &str, link: &str) -> Result<(), String> {
        if is_external(link) {
            return if well_formed_external(link) {
                Ok(())
            } else {
                Err("not a well-formed http(s) or mailto link".to_string())
            };
        }
        let (path, fragment) = resolve(base, link);
        let loaded = self.load(&path);
        if loaded.status != 200 {
            return Err(format!("GET {path} is a {}", loaded.status));
        }
        match (fragment, &loaded.ids) {
            (None, _) => Ok(()),
            // `#` alone is the top of the page.
            (Some(fragment), _) if fragment.is_empty() => Ok(()),
            (Some(fragment), Some(ids)) if ids.contains(&fragment) => Ok(()),
            (Some(fragment), Some(_)) => Err(format!("{path} has no element with id {fragment}")),
            (Some(_), None) => Err(format!("{path} is not a page, so it has no anchors")),
        }
    }
}

/// Every `.html` file under `folder`, as its path on the site.
fn html_pages(folder: &Path, site_path: &str, pages: &mut Vec<String>) {
    for entry in fs::read_dir(folder).expect("the built book") {
        let path = entry.expect("an entry").path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            html_pages(&path, &format!("{site_path}{name}/"), pages);
        } else if name.ends_with(".html") {
            pages.push(format!("{site_path}{name}"));
        }
    }
}

#[test]
#[ignore = "needs mdBook 0.5: .ci/run installs it and runs this (cargo test -- --include-ignored)"]
fn every_link_of_the_built_book_loads_over_http() {
    assert!(
        mdbook_installed(),
        "mdbook is not installed: cargo install mdbook --locked --version ^0.5"
    );
    let scratch = tempfile::tempdir().expect("a temporary folder");
    let built = scratch.path().join("book");
    let output = Command::new("mdbook")
        .arg("build")
        .arg(env!("CARGO_MANIFEST_DIR"))
        .arg("--dest-dir")
        .arg(&built)
        .output()
        .expect("mdbook starts");
    let log = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success() && !log.contains("ERROR"),
        "mdbook build failed:\n{log}"
    );

    let server = Server::start(built.clone());
    let mut site = Site {
        address: server.address,
        loaded: HashMap::new(),
    };
    let mut pages = Vec::new();
    html_pages(&built, "/", &mut pages);
    pages.sort();
    let links = Selector::parse("[href], [src]").expect("a selector");
    let base_element = Selector::parse("base[href]").expect("a selector");
    let mut checked = 0;
    let mut targets = BTreeSet::new();
    let mut anchors = BTreeSet::new();
    let mut broken = Vec::new();
    for page in &pages {
        let (status, body) = get(server.address, page);
        assert_eq!(status, 200, "GET {page}");
        let html = Html::parse_document(&String::from_utf8_lossy(&body));
        // 404.html sets `<base href="/">`: its links are from the root.
        let base = html
            .select(&base_element)
            .filter_map(|e| e.value().attr("href"))
            .map(|href| resolve(page, href).0)
            .next()
            .unwrap_or_else(|| page.clone());
        for element in html.select(&links) {
            for attribute in ["href", "src"] {
                let Some(link) = element.value().attr(attribute) else {
                    continue;
                };
                checked += 1;
                let link_base = if element.value().name() == "base" {
                    page
                } else {
                    &base
                };
                if !is_external(link) {
                    let (path, fragment) = resolve(link_base, link);
                    if let Some(fragment) = fragment.filter(|f| !f.is_empty()) {
                        anchors.insert(format!("{path}#{fragment}"));
                    }
                    targets.insert(path);
                }
                if let Err(why) = site.check(link_base, link) {
                    broken.push(format!("{page}: {attribute}=\"{link}\": {why}"));
                }
            }
        }
    }
    drop(server);
    assert!(
        broken.is_empty(),
        "{} of the {checked} links on the {} pages of the served book are broken:\n{}",
        broken.len(),
        pages.len(),
        broken.join("\n")
    );
    // A parser or crawler that finds nothing proves nothing.
    assert!(
        pages.len() >= 40 && checked >= 1_000,
        "only {checked} links on {} pages",
        pages.len()
    );
    let _ = writeln!(
        io::stderr(),
        "served book: {checked} hrefs and srcs on {} pages, to {} files and {} anchors, \
         all load",
        pages.len(),
        targets.len(),
        anchors.len()
    );
}

#[test]
fn links_resolve_as_a_browser_resolves_them() {
    let at = |base, link| resolve(base, link);
    assert_eq!(at("/a.html", "b.html"), ("/b.html".into(), None));
    assert_eq!(
        at("/source/x.html", "../toc.html#top"),
        ("/toc.html".into(), Some("top".into()))
    );
    assert_eq!(at("/a.html", "#x"), ("/a.html".into(), Some("x".into())));
    assert_eq!(at("/a.html", "?q=1#"), ("/a.html".into(), Some("".into())));
    assert_eq!(at("/source/x.html", "./"), ("/source/".into(), None));
    assert_eq!(at("/source/x.html", ".."), ("/".into(), None));
    assert_eq!(at("/a.html", "/css/b.css"), ("/css/b.css".into(), None));
    // A link out of the book, such as a repository file, climbs no higher
    // than the site's root, where the host has no such file.
    assert_eq!(
        at("/fisher-yates.html", "../../solutions/src/flip.rs"),
        ("/solutions/src/flip.rs".into(), None)
    );
    assert_eq!(
        at("/a.html", "b.html#%C3%9Cber"),
        ("/b.html".into(), Some("Über".into()))
    );
}

#[test]
fn external_links_are_checked_for_their_form() {
    for good in [
        "https://rust-lang.github.io/mdBook/",
        "http://localhost:3000/x?y=1#z",
        "//oeis.org/A024222",
        "mailto:someone@example.org",
    ] {
        assert!(is_external(good) && well_formed_external(good), "{good}");
    }
    for bad in [
        "https:/example.org",
        "https://exa mple.org/",
        "https://",
        "http://host:port/",
        "javascript:void(0)",
        "mailto:nobody",
    ] {
        assert!(!well_formed_external(bad), "{bad}");
    }
    assert!(!is_external("source/flip.html") && !is_external("../x.html#y"));
}

#[test]
fn the_server_serves_files_and_folders_and_nothing_else() {
    let root = tempfile::tempdir().unwrap();
    fs::create_dir(root.path().join("sub")).unwrap();
    fs::write(root.path().join("sub/index.html"), "<p id=x>").unwrap();
    fs::write(root.path().join("a b.svg"), "<svg/>").unwrap();
    let server = Server::start(root.path().to_path_buf());
    assert_eq!(get(server.address, "/sub/"), (200, b"<p id=x>".to_vec()));
    assert_eq!(get(server.address, "/a b.svg").0, 200);
    assert_eq!(get(server.address, "/a%20b.svg?v=1").0, 200);
    assert_eq!(get(server.address, "/missing.html").0, 404);
    assert_eq!(get(server.address, "/../etc/passwd").0, 404);
    let mut site = Site {
        address: server.address,
        loaded: HashMap::new(),
    };
    assert_eq!(site.check("/sub/index.html", "#x"), Ok(()));
    assert!(site.check("/sub/index.html", "#y").is_err());
    assert!(site.check("/sub/index.html", "../a%20b.svg#x").is_err());
    assert!(
        site.check("/index.html", "../../solutions/src/flip.rs")
            .is_err()
    );
}
