//! Two server processes' worth of servers (`n1`, `n2`) behind a real nginx from Debian's
//! packages, configured as in `docs/cluster.md`: the lobby socket goes to either, a room's
//! socket `/rooms/{id}/ws` to the one that holds the room (decision 0014). Players reach rooms
//! on both nodes through the one proxy address.
//!
//! Needs nginx (`apt-get install nginx`); without it the test prints SKIPPED and passes —
//! unless `SGS_REQUIRE_NGINX=1`.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use sgs_protocol::RoomOptions;
use sgs_server::lobby::node_of;

use crate::support::*;

pub fn nginx_binary() -> Option<PathBuf> {
    let found = ["/usr/sbin/nginx", "/usr/bin/nginx"]
        .into_iter()
        .map(PathBuf::from)
        .find(|path| path.exists());
    if found.is_none() {
        let why = "nginx is not installed (apt-get install nginx)";
        if std::env::var("SGS_REQUIRE_NGINX").is_ok_and(|v| v == "1") {
            panic!("{why}, and SGS_REQUIRE_NGINX=1 requires it");
        }
        eprintln!("SKIPPED: the test behind nginx: {why}");
    }
    found
}

/// nginx in the foreground, stopped when dropped.
pub struct Nginx {
    child: Child,
    pub addr: SocketAddr,
    _dir: tempfile::TempDir,
}

impl Drop for Nginx {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The configuration of `docs/cluster.md` for `nodes` (name, address), listening on `port`.
fn config_text(dir: &Path, port: u16, nodes: &[(&str, SocketAddr)]) -> String {
    let mut upstreams = String::new();
    let any: Vec<String> = nodes.iter().map(|(_, a)| format!("server {a};")).collect();
    upstreams += &format!("upstream sgs_any {{ {} }}\n", any.join(" "));
    for (name, addr) in nodes {
        let backups: Vec<String> = nodes
            .iter()
            .filter(|(other, _)| other != name)
            .map(|(_, a)| format!("server {a} backup;"))
            .collect();
        upstreams += &format!(
            "upstream sgs_{name} {{ server {addr}; {} }}\n",
            backups.join(" ")
        );
    }
    // As root, workers would otherwise run as an unprivileged user that cannot use the
    // temporary directory.
    let user = if rustix::process::geteuid().is_root() {
        "user root;"
    } else {
        ""
    };
    let dir = dir.display();
    format!(
        r#"{user}
worker_processes 1;
pid {dir}/nginx.pid;
error_log {dir}/error.log warn;
events {{ worker_connections 256; }}
http {{
    access_log off;
    client_body_temp_path {dir}/body;
    proxy_temp_path {dir}/proxy;
    fastcgi_temp_path {dir}/fastcgi;
    uwsgi_temp_path {dir}/uwsgi;
    scgi_temp_path {dir}/scgi;
    map $uri $sgs_node {{
        ~^/rooms/(?<node>[a-z0-9]+)-[a-z0-9]+/ws$  $node;
        default                                    any;
    }}
    map $http_upgrade $connection_upgrade {{ default upgrade; '' close; }}
    {upstreams}
    server {{
        listen 127.0.0.1:{port};
        location / {{
            proxy_pass http://sgs_$sgs_node;
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_read_timeout 1h;
            proxy_next_upstream error timeout http_404;
        }}
    }}
}}
"#
    )
}

/// Starts nginx in front of `nodes`; waits until it listens.
pub fn start_nginx(binary: &Path, nodes: &[(&str, SocketAddr)]) -> Nginx {
    let dir = tempfile::tempdir().unwrap();
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let conf = dir.path().join("nginx.conf");
    std::fs::write(&conf, config_text(dir.path(), port, nodes)).unwrap();
    let child = Command::new(binary)
        .arg("-p")
        .arg(dir.path())
        .arg("-c")
        .arg(&conf)
        .args(["-g", "daemon off;"])
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let addr: SocketAddr = ([127, 0, 0, 1], port).into();
    let deadline = Instant::now() + Duration::from_secs(10);
    while std::net::TcpStream::connect(addr).is_err() {
        assert!(
            Instant::now() < deadline,
            "nginx did not start: {}",
            std::fs::read_to_string(dir.path().join("error.log")).unwrap_or_default()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    Nginx {
        child,
        addr,
        _dir: dir,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_reach_rooms_on_every_node_through_one_proxy() {
    let Some(binary) = nginx_binary() else {
        return;
    };
    let mut config = config();
    // Every client comes from the proxy's address.
    config.max_connections_per_client = 1_000;
    config.max_rooms_per_client = 100;
    let node = |id: &str| {
        let mut config = config.clone();
        config.node_id = Some(id.to_string());
        config
    };
    let one = Server::start(node("n1")).await;
    let two = Server::start(node("n2")).await;
    let nginx = start_nginx(&binary, &[("n1", one.addr), ("n2", two.addr)]);

    // Lobby sockets go round robin: rooms are made on both nodes.
    let mut hosts = Vec::new();
    let mut rooms = Vec::new();
    for i in 0..6 {
        let mut host = Client::connect(nginx.addr).await;
        host.hello(&format!("host{i}"), None).await;
        let room = room_id(&host.create_room(RoomOptions::default()).await);
        rooms.push(room);
        hosts.push(host);
        let nodes: Vec<_> = rooms.iter().filter_map(|r| node_of(r)).collect();
        if nodes.contains(&"n1") && nodes.contains(&"n2") {
            break;
        }
    }
    for node in ["n1", "n2"] {
        assert!(
            rooms.iter().any(|r| node_of(r) == Some(node)),
            "no room on {node}: {rooms:?}"
        );
    }

    // Each room is joined at its own URL through the proxy, wherever it lives.
    for room in &rooms {
        let path = format!("/rooms/{room}/ws");
        let mut guest = Client::connect_path(nginx.addr, &path).await.unwrap();
        guest.hello("guest", None).await;
        let joined = guest.join(room).await;
        assert_eq!(&room_id(&joined), room);
    }
    drop(hosts);
    drop(nginx);
    one.stop().await;
    two.stop().await;
}
