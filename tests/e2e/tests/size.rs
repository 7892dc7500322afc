//! The whole browser client (`web/`) stays under 300 KiB uncompressed.

use std::path::Path;

const LIMIT: u64 = 300 * 1024;

fn total_size(dir: &Path) -> std::io::Result<u64> {
    let mut total = 0;
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let meta = entry.metadata()?;
        total += if meta.is_dir() {
            total_size(&entry.path())?
        } else {
            meta.len()
        };
    }
    Ok(total)
}

#[test]
fn the_web_client_is_under_300_kib() {
    let web = sgs_e2e::web_dir();
    let size = total_size(&web).expect("web/ is readable");
    assert!(size > 0, "web/ is empty");
    assert!(
        size < LIMIT,
        "web/ holds {size} bytes, over the {LIMIT}-byte budget"
    );
}

#[test]
fn every_module_the_page_loads_is_in_web() {
    // The page loads only its own files: no CDN, nothing from outside.
    let web = sgs_e2e::web_dir();
    let index = std::fs::read_to_string(web.join("index.html")).expect("index.html");
    assert!(
        !index.contains("http://") && !index.contains("https://"),
        "index.html fetches from outside"
    );
    for entry in std::fs::read_dir(web.join("js")).expect("web/js") {
        let path = entry.expect("an entry").path();
        let text = std::fs::read_to_string(&path).expect("a module");
        for line in text
            .lines()
            .filter(|l| l.trim_start().starts_with("import "))
        {
            let Some(spec) = line.split(['\'', '"']).nth(1) else {
                continue;
            };
            assert!(
                spec.starts_with("./"),
                "{}: import from outside: {spec}",
                path.display()
            );
            assert!(
                web.join("js").join(&spec[2..]).is_file(),
                "{}: imports a missing module {spec}",
                path.display()
            );
        }
    }
}
