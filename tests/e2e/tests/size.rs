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

/// Every file under `dir`, recursively.
fn files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a readable directory") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            files(&path, out);
        } else {
            out.push(path);
        }
    }
}

#[test]
fn every_module_the_page_loads_is_in_web() {
    // The pages load only their own files: no CDN, nothing from outside.
    let web = sgs_e2e::web_dir();
    let mut all = Vec::new();
    files(&web, &mut all);
    for page in all
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "html"))
    {
        let html = std::fs::read_to_string(page).expect("a page");
        assert!(
            !html.contains("http://") && !html.contains("https://"),
            "{} fetches from outside",
            page.display()
        );
    }
    let web = web.canonicalize().expect("web/ exists");
    for path in all
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "js"))
    {
        let text = std::fs::read_to_string(path).expect("a module");
        for line in text
            .lines()
            .filter(|l| l.trim_start().starts_with("import "))
        {
            let Some(spec) = line.split(['\'', '"']).nth(1) else {
                continue;
            };
            assert!(
                spec.starts_with("./") || spec.starts_with("../"),
                "{}: import from outside: {spec}",
                path.display()
            );
            let target = path.parent().expect("a directory").join(spec);
            let target = target
                .canonicalize()
                .unwrap_or_else(|_| panic!("{}: imports a missing module {spec}", path.display()));
            assert!(
                target.starts_with(&web),
                "{}: imports {spec} from outside web/",
                path.display()
            );
        }
    }
}
