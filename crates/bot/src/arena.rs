//! The arena: plays one game through the engine with one [`Agent`] per seat.
//!
//! Each agent sees only its seat's filtered events and its own [`View`]; the arena alone holds
//! the `Game`. When several seats are asked at once (a 无懈可击 window) the arena answers them
//! one at a time in an order drawn from its own seeded RNG, so a game is a pure function of its
//! config, its seed and the agents.
//!
//! [`AgentSpec`] is the `--agents` option: per role (`lord=heuristic,rebel=random`), per seat
//! (`0=heuristic,3=random`) or both (a seat entry wins over a role entry); unnamed seats play
//! random. In 国战, where a seat's side is the kingdom of the generals it chooses, an entry per
//! kingdom (`wei=heuristic,wu=random`) plays a seat once its main general is chosen; until then
//! (the choice itself) the heuristic answers for it, so the sides differ only in how they play.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sgs_engine::{
    view, Event, Game, GameConfig, GeneralId, Kingdom, Outcome, Role, Seat, SetupError, Side,
};

use crate::agent::{answer, Agent, AgentKind};

/// Which agent plays which seat.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AgentSpec {
    /// Agent per role: lord, loyalist, rebel, renegade.
    pub by_role: [Option<AgentKind>; 4],
    /// Agent per seat (wins over the role's).
    pub by_seat: Vec<(Seat, AgentKind)>,
    /// 国战: agent per kingdom of the seat's generals (wins over the seat's and the role's once
    /// the seat's main general is chosen).
    pub by_kingdom: Vec<(Kingdom, AgentKind)>,
    /// For seats named by neither.
    pub default: AgentKind,
}

fn role_index(role: Role) -> usize {
    match role {
        Role::Lord => 0,
        Role::Loyalist => 1,
        Role::Rebel => 2,
        Role::Renegade => 3,
    }
}

impl AgentSpec {
    /// Every seat plays `kind`.
    pub fn all(kind: AgentKind) -> Self {
        AgentSpec {
            default: kind,
            ..AgentSpec::default()
        }
    }

    /// The lord side (lord and loyalists) plays `lord_side`, the others `others`.
    pub fn sides(lord_side: AgentKind, rebels: AgentKind, renegade: AgentKind) -> Self {
        AgentSpec {
            by_role: [
                Some(lord_side),
                Some(lord_side),
                Some(rebels),
                Some(renegade),
            ],
            ..AgentSpec::default()
        }
    }

    /// Parses `lord=heuristic,loyalist=heuristic,rebel=random,renegade=random` or
    /// `0=heuristic,1=random,...`, or a bare kind for every seat (`heuristic`).
    pub fn parse(text: &str) -> Result<AgentSpec, String> {
        let mut spec = AgentSpec::default();
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let Some((who, kind)) = part.split_once('=') else {
                spec.default = AgentKind::parse(part).ok_or_else(|| {
                    format!("unknown agent {part:?} (random, heuristic or search)")
                })?;
                continue;
            };
            let kind = AgentKind::parse(kind)
                .ok_or_else(|| format!("unknown agent {kind:?} (random, heuristic or search)"))?;
            let who = who.trim();
            if let Some(kingdom) = kingdom_named(who) {
                spec.by_kingdom.retain(|(k, _)| *k != kingdom);
                spec.by_kingdom.push((kingdom, kind));
                continue;
            }
            let role = match who {
                "lord" => Some(Role::Lord),
                "loyalist" => Some(Role::Loyalist),
                "rebel" => Some(Role::Rebel),
                "renegade" => Some(Role::Renegade),
                _ => None,
            };
            match role {
                Some(role) => spec.by_role[role_index(role)] = Some(kind),
                None => {
                    let seat: u8 = who.parse().ok().filter(|n| *n < 10).ok_or_else(|| {
                        format!("{who:?} is neither a role, a kingdom nor a seat 0..=9")
                    })?;
                    spec.by_seat.retain(|(s, _)| s.0 != seat);
                    spec.by_seat.push((Seat(seat), kind));
                }
            }
        }
        Ok(spec)
    }

    /// Does every seat play `kind`, whatever its role?
    pub fn is_all(&self, kind: AgentKind) -> bool {
        self.default == kind
            && self.by_role.iter().flatten().all(|k| *k == kind)
            && self.by_seat.iter().all(|(_, k)| *k == kind)
            && self.by_kingdom.iter().all(|(_, k)| *k == kind)
    }

    /// 国战: the heuristic on the kingdoms in `kingdoms`, random play on the others.
    pub fn kingdoms(kingdoms: &[Kingdom]) -> Self {
        AgentSpec {
            by_kingdom: [Kingdom::Wei, Kingdom::Shu, Kingdom::Wu, Kingdom::Qun]
                .into_iter()
                .map(|k| {
                    let kind = if kingdoms.contains(&k) {
                        AgentKind::Heuristic
                    } else {
                        AgentKind::Random
                    };
                    (k, kind)
                })
                .collect(),
            ..AgentSpec::default()
        }
    }

    /// The agent for a seat whose generals are of `kingdom`, if the spec names one.
    pub fn kind_for_kingdom(&self, kingdom: Kingdom) -> Option<AgentKind> {
        self.by_kingdom
            .iter()
            .find(|(k, _)| *k == kingdom)
            .map(|(_, kind)| *kind)
    }

    /// The agent for `seat`, whose role is `role`.
    pub fn kind_for(&self, seat: Seat, role: Role) -> AgentKind {
        self.by_seat
            .iter()
            .find(|(s, _)| *s == seat)
            .map(|(_, k)| *k)
            .or(self.by_role[role_index(role)])
            .unwrap_or(self.default)
    }
}

/// `wei`, `shu`, `wu`, `qun` (or 魏 蜀 吴 群).
fn kingdom_named(text: &str) -> Option<Kingdom> {
    match text {
        "wei" | "魏" => Some(Kingdom::Wei),
        "shu" | "蜀" => Some(Kingdom::Shu),
        "wu" | "吴" => Some(Kingdom::Wu),
        "qun" | "群" => Some(Kingdom::Qun),
        _ => None,
    }
}

/// How one game went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    pub seed: u64,
    /// `None` when the game hit the action cap.
    pub outcome: Option<Outcome>,
    pub roles: Vec<Role>,
    pub generals: Vec<GeneralId>,
    pub agents: Vec<AgentKind>,
    pub actions: usize,
    /// Turns started.
    pub turns: u32,
}

impl GameResult {
    /// The winning side; `None` for a draw or an unfinished game.
    pub fn winner(&self) -> Option<Side> {
        self.outcome.as_ref().and_then(|o| o.winner)
    }

    /// Did no seat played by `kind` win (a finished game with winners)?
    pub fn won_without(&self, kind: AgentKind) -> bool {
        self.outcome.as_ref().is_some_and(|o| {
            !o.winners.is_empty()
                && o.winners
                    .iter()
                    .all(|s| self.agents.get(s.index()) != Some(&kind))
        })
    }

    /// Did only seats played by `kind` win (a finished game with winners)?
    pub fn won_by(&self, kind: AgentKind) -> bool {
        self.outcome.as_ref().is_some_and(|o| {
            !o.winners.is_empty()
                && o.winners
                    .iter()
                    .all(|s| self.agents.get(s.index()) == Some(&kind))
        })
    }
}

/// Plays a game of `config` with `seed`, agents as `spec` says, for at most `max_actions`.
pub fn play(
    config: GameConfig,
    seed: u64,
    spec: &AgentSpec,
    max_actions: usize,
) -> Result<GameResult, SetupError> {
    play_observed(config, seed, spec, max_actions, |_| {}).map(|(_, result)| result)
}

/// [`play`], calling `on_step` with the game after every action, and returning the final game
/// too (for its hash and record).
pub fn play_observed(
    config: GameConfig,
    seed: u64,
    spec: &AgentSpec,
    max_actions: usize,
    mut on_step: impl FnMut(&Game),
) -> Result<(Game, GameResult), SetupError> {
    let mut game = Game::new(config.clone(), seed)?;
    let seats: Vec<Seat> = (0..game.seat_count()).map(|i| Seat(i as u8)).collect();
    let roles: Vec<Role> = seats.iter().map(|s| game.seat(*s).role).collect();
    let kinds: Vec<AgentKind> = seats
        .iter()
        .map(|s| spec.kind_for(*s, roles[s.index()]))
        .collect();
    let mut kinds = kinds;
    let make = |kind: AgentKind, s: &Seat| {
        let salt = 0x9e37_79b9_7f4a_7c15u64.wrapping_mul(s.0 as u64 + 1);
        kind.make(*s, seed ^ salt, &config)
    };
    let mut agents: Vec<Box<dyn Agent>> = seats.iter().map(|s| make(kinds[s.index()], s)).collect();
    // 国战 by kingdom: each seat also keeps an agent of every kind the spec names, all fed
    // every event; the heuristic chooses the generals, then the kingdom's agent plays.
    let by_kingdom = !spec.by_kingdom.is_empty() && config.ruleset.mode == "hegemony";
    let mut kingdom_agents: Vec<Vec<(AgentKind, Box<dyn Agent>)>> = seats
        .iter()
        .map(|s| {
            let mut wanted: Vec<AgentKind> = spec.by_kingdom.iter().map(|(_, k)| *k).collect();
            wanted.push(AgentKind::Heuristic);
            wanted.sort();
            wanted.dedup();
            wanted
                .into_iter()
                .filter(|_| by_kingdom)
                .map(|k| (k, make(k, s)))
                .collect()
        })
        .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xa11e_57a6_e5ee_d000);
    let mut log: Vec<Event> = game.take_events().0;
    let mut seen = vec![0usize; seats.len()];
    while !game.is_over() && game.action_count() < max_actions {
        let prompts = game.prompts();
        if prompts.is_empty() {
            break;
        }
        let index = if prompts.len() == 1 {
            0
        } else {
            rng.gen_range(0..prompts.len())
        };
        let prompt = prompts[index].clone();
        let seat = prompt.seat;
        let news: Vec<_> = log[seen[seat.index()]..]
            .iter()
            .filter_map(|e| view::redact(e, Some(seat)))
            .collect();
        seen[seat.index()] = log.len();
        let agent: &mut Box<dyn Agent> = if by_kingdom {
            let own = &mut kingdom_agents[seat.index()];
            own.iter_mut().for_each(|(_, a)| a.observe(&news));
            let kind = chosen_kingdom(&game, seat)
                .and_then(|k| spec.kind_for_kingdom(k))
                .unwrap_or(AgentKind::Heuristic);
            kinds[seat.index()] = kind;
            let at = own.iter().position(|(k, _)| *k == kind).unwrap_or(0);
            &mut own[at].1
        } else {
            let agent = &mut agents[seat.index()];
            agent.observe(&news);
            agent
        };
        let action = answer(agent.as_mut(), &game.view(seat), &prompt);
        match game.act(seat, action) {
            Ok(events) => log.extend(events.0),
            // `answer` only returns legal answers; a rejection is an engine bug.
            Err(e) => panic!("legal action rejected: {e}"),
        }
        on_step(&game);
        if log.len() > 4096 && seen.iter().all(|s| *s > 0) {
            // Drop what every seat has seen, so long games stay small.
            let low = seen.iter().copied().min().unwrap_or(0);
            log.drain(..low);
            seen.iter_mut().for_each(|s| *s -= low);
        }
    }
    if by_kingdom {
        for s in &seats {
            if let Some(kind) = chosen_kingdom(&game, *s).and_then(|k| spec.kind_for_kingdom(k)) {
                kinds[s.index()] = kind;
            }
        }
    }
    let result = GameResult {
        seed,
        outcome: game.outcome().cloned(),
        generals: seats.iter().map(|s| game.seat(*s).general).collect(),
        roles,
        agents: kinds,
        actions: game.action_count(),
        turns: game.turn().number,
    };
    Ok((game, result))
}

/// 国战: the kingdom of `seat`'s generals once its main general is chosen.
fn chosen_kingdom(game: &Game, seat: Seat) -> Option<Kingdom> {
    game.duo(seat)
        .filter(|d| d.main != GeneralId::White)
        .and_then(|_| game.duo_kingdom(seat))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_roles_seats_and_defaults() {
        let spec = AgentSpec::parse("lord=heuristic,loyalist=heuristic,rebel=random").unwrap();
        assert_eq!(spec.kind_for(Seat(3), Role::Lord), AgentKind::Heuristic);
        assert_eq!(spec.kind_for(Seat(3), Role::Rebel), AgentKind::Random);
        assert_eq!(spec.kind_for(Seat(3), Role::Renegade), AgentKind::Random);
        let spec = AgentSpec::parse("0=heuristic, 2=random,rebel=heuristic").unwrap();
        assert_eq!(spec.kind_for(Seat(0), Role::Loyalist), AgentKind::Heuristic);
        assert_eq!(spec.kind_for(Seat(2), Role::Rebel), AgentKind::Random);
        assert_eq!(spec.kind_for(Seat(1), Role::Rebel), AgentKind::Heuristic);
        assert_eq!(
            AgentSpec::parse("heuristic").unwrap().default,
            AgentKind::Heuristic
        );
        assert_eq!(AgentSpec::parse("").unwrap(), AgentSpec::default());
        assert!(AgentSpec::parse("lord=smart").is_err());
        assert!(AgentSpec::parse("11=random").is_err());
        assert!(AgentSpec::parse("king=random").is_err());
        assert!(AgentSpec::parse("").unwrap().is_all(AgentKind::Random));
        assert!(AgentSpec::parse("lord=random,3=random")
            .unwrap()
            .is_all(AgentKind::Random));
        assert!(!AgentSpec::parse("3=heuristic")
            .unwrap()
            .is_all(AgentKind::Random));
        assert!(AgentSpec::parse("heuristic")
            .unwrap()
            .is_all(AgentKind::Heuristic));
        // 国战: per kingdom.
        let spec = AgentSpec::parse("wei=heuristic,吴=random,shu=heuristic").unwrap();
        assert_eq!(
            spec.kind_for_kingdom(Kingdom::Wei),
            Some(AgentKind::Heuristic)
        );
        assert_eq!(spec.kind_for_kingdom(Kingdom::Wu), Some(AgentKind::Random));
        assert_eq!(spec.kind_for_kingdom(Kingdom::Qun), None);
        assert_eq!(
            AgentSpec::kingdoms(&[Kingdom::Qun]).kind_for_kingdom(Kingdom::Qun),
            Some(AgentKind::Heuristic)
        );
        assert!(!spec.is_all(AgentKind::Heuristic));
    }

    #[test]
    fn games_are_deterministic() {
        let spec = AgentSpec::parse("lord=heuristic,rebel=heuristic").unwrap();
        let config = || GameConfig {
            players: 6,
            ..GameConfig::default()
        };
        let a = play(config(), 11, &spec, 20_000).unwrap();
        let b = play(config(), 11, &spec, 20_000).unwrap();
        assert_eq!(a, b);
        assert!(a.outcome.is_some());
    }
}
