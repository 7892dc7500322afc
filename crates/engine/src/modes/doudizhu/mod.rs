//! 斗地主 Fight the Landlord (`modes.md` §2, M-DDZ-…): three seats, one 地主 landlord (dealt the
//! lord's role) against two 农民 farmers (dealt rebels' roles), every role public from the deal.
//! Everyone picks a general at once, the landlord from two more; the landlord has +1 max HP and
//! the mode's skills 飞扬 and 跋扈, and nobody has lord skills. The landlord takes the first turn.
//! Killing a farmer gives nothing, but the surviving farmer takes a legacy (挑选遗产); the
//! landlord's death ends the game for the farmers, both farmers' for the landlord.
//!
//! Options: `landlord` (at random, or by bidding: `bidding.rs`), `legacy` (what the surviving farmer may take, M-DDZ-9 and its variants), `offered`
//! (generals offered to each farmer; the landlord gets two more).

pub mod bahu;
pub mod bidding;
pub mod feiyang;
pub mod legacy;
pub mod victory;

use rand::Rng;
use rand_chacha::ChaCha8Rng;

use crate::def::mode::{no_round_rules, ModeFrame};
use crate::def::{option, ChoiceDef, ModeDef, OptionDef, OptionKind};
use crate::error::SetupError;
use crate::event::Camp;
use crate::flow::selection::SelectionPlan;
use crate::game::Game;
use crate::ids::SkillId;
use crate::resolve::Step;
use crate::ruleset::Options;
use crate::seat::{Role, Seat};

pub static MODE: ModeDef = ModeDef {
    id: "doudizhu",
    version: 1,
    name_zh: "斗地主",
    name_en: "Fight the Landlord",
    text_zh: "一名地主对两名农民，身份公开。地主阵亡则农民获胜；两名农民均阵亡则地主获胜。",
    text_en: "One landlord against two farmers, every role open. The farmers win when the landlord dies; the landlord wins when both farmers are dead.",
    options: OPTIONS,
    seats: (3, 3),
    roles: &[Role::Lord, Role::Rebel],
    camps: &[Camp::Landlord, Camp::Farmers],
    camp,
    public_roles: &[Role::Lord, Role::Rebel],
    role_skills,
    deal,
    check_roles,
    max_hp,
    // M-DDZ-4: no lord skills, the landlord's included.
    lord_skills: crate::def::mode::no_lord_skills,
    first_seat,
    starting_hand: crate::def::mode::four_cards,
    draw_count: crate::def::mode::two_cards,
    partner: crate::def::mode::no_partner,
    selection,
    victory: victory::check,
    on_death: legacy::on_death,
    round_start: no_round_rules,
    opening: bidding::opening,
    step,
    turn_order: None,
    revealed: None,
    choose_direction: false,
};

pub(crate) const OPTIONS: &[OptionDef] = &[
    OptionDef {
        id: "landlord",
        name_zh: "地主",
        name_en: "The landlord",
        text_zh: "谁当地主：随机决定，或依次叫 1～3 分，叫分最高者当地主。",
        text_en: "Who is the landlord: chosen at random, or by bidding 1–3 in turn, the highest bidder taking it.",
        kind: OptionKind::Choice {
            choices: &[
                ChoiceDef {
                    id: "random",
                    name_zh: "随机",
                    name_en: "At random",
                },
                ChoiceDef {
                    id: "bidding",
                    name_zh: "叫地主（依次叫1～3分，叫分最高者为地主）",
                    name_en: "Bidding (each bids 1–3 in turn; the highest bidder is the landlord)",
                },
            ],
            default: "random",
        },
    },
    OptionDef {
        id: "legacy",
        name_zh: "农民阵亡时的遗产",
        name_en: "A fallen farmer's legacy",
        text_zh: "一名农民阵亡时另一名农民得到的补偿。",
        text_en: "What the other farmer gets when a farmer dies.",
        kind: OptionKind::Choice {
            choices: &[
                ChoiceDef {
                    id: "choose",
                    name_zh: "另一名农民选择：摸两张牌或回复1点体力",
                    name_en: "The other farmer chooses: draw two cards or recover 1 HP",
                },
                ChoiceDef {
                    id: "draw_one",
                    name_zh: "另一名农民摸一张牌",
                    name_en: "The other farmer draws one card",
                },
                ChoiceDef {
                    id: "none",
                    name_zh: "无",
                    name_en: "None",
                },
            ],
            default: "choose",
        },
    },
    OptionDef {
        id: "offered",
        name_zh: "农民候选武将数（地主多两名）",
        name_en: "Generals offered to a farmer (the landlord gets two more)",
        text_zh: "每名农民可从几名候选武将中选将；地主多两名。",
        text_en: "How many generals each farmer chooses from; the landlord gets two more.",
        kind: OptionKind::Number {
            min: 1,
            max: 6,
            default: 3,
        },
    },
];

/// The landlord alone; the farmers together.
fn camp(role: Role) -> Camp {
    match role {
        Role::Lord => Camp::Landlord,
        _ => Camp::Farmers,
    }
}

/// M-DDZ-1/2: one landlord, at random, and two farmers.
fn deal(_: &Options, players: usize, rng: &mut ChaCha8Rng) -> Result<Vec<Role>, SetupError> {
    if players != 3 {
        return Err(SetupError::PlayerCount(players));
    }
    let landlord = rng.gen_range(0..players);
    Ok((0..players)
        .map(|i| {
            if i == landlord {
                Role::Lord
            } else {
                Role::Rebel
            }
        })
        .collect())
}

/// A 斗地主 table: one landlord and two farmers.
fn check_roles(roles: &[Role]) -> Result<(), SetupError> {
    let count = |role: Role| roles.iter().filter(|r| **r == role).count();
    if roles.len() != 3 || count(Role::Lord) != 1 || count(Role::Rebel) != 2 {
        return Err(SetupError::Invalid(
            "a 斗地主 table is one landlord (lord) and two farmers (rebels)".into(),
        ));
    }
    Ok(())
}

/// M-DDZ-4: the landlord has +1 max HP, although the table has three seats.
fn max_hp(general: u8, role: Role, _: usize, _: &Options) -> u8 {
    general + u8::from(role == Role::Lord)
}

/// M-DDZ-4: the landlord's 飞扬 and 跋扈.
fn role_skills(role: Role, _: &Options) -> &'static [SkillId] {
    match role {
        Role::Lord => &[SkillId::Feiyang, SkillId::Bahu],
        _ => &[],
    }
}

/// M-DDZ-7: the landlord takes the first turn.
fn first_seat(game: &Game) -> Seat {
    game.lord()
}

/// M-DDZ-3: everyone at once, the farmers from `offered` each, the landlord from two more.
fn selection(game: &Game, _choosing: &[Seat]) -> Option<SelectionPlan> {
    let offered = option::number(OPTIONS, game.mode_options(), "offered").max(1) as u8;
    Some(SelectionPlan {
        first: None,
        first_extra: 0,
        per_seat: offered,
        bonus: Some((Role::Lord, 2)),
    })
}

fn step(frame: &mut ModeFrame, game: &mut Game) -> Step {
    match frame.kind {
        legacy::KIND => legacy::step(frame, game),
        bidding::KIND => bidding::step(frame, game),
        _ => Step::Done,
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use crate::action::Action;
    use crate::event::{Camp, Event};
    use crate::prompt::{Cause, PromptKind};
    use crate::ruleset::Ruleset;
    use crate::scenario::Scenario;
    use crate::seat::{Role, Seat};
    use crate::testing::{seat, Check};
    use crate::{Game, GameConfig};

    /// A 斗地主 practice table with these roles (white generals), seat 0's play phase.
    pub(crate) fn doudizhu(roles: &[Role]) -> Scenario {
        let mut s = Scenario::with_roles(roles);
        s.ruleset = Ruleset {
            mode: "doudizhu".into(),
            ..Ruleset::standard().white()
        };
        s
    }

    fn game(seed: u64) -> Game {
        let config = GameConfig {
            players: 3,
            ruleset: Ruleset {
                mode: "doudizhu".into(),
                ..Ruleset::standard()
            },
            ..GameConfig::default()
        };
        Game::new(config, seed).unwrap()
    }

    /// M-DDZ-1: one landlord and two farmers, every role seen by everyone from the deal.
    #[test]
    fn m_ddz_1_every_role_is_public() {
        for seed in 0..20 {
            let g = game(seed);
            let roles: Vec<Role> = (0..3).map(|i| g.role(Seat(i))).collect();
            assert_eq!(roles.iter().filter(|r| **r == Role::Lord).count(), 1);
            assert_eq!(roles.iter().filter(|r| **r == Role::Rebel).count(), 2);
            for viewer in 0..3 {
                let view = g.view(Seat(viewer));
                for s in &view.seats {
                    assert_eq!(s.role, Some(g.role(s.seat)), "seed {seed}");
                }
            }
        }
        // Another mode on the same deck keeps the rebels' roles hidden.
        let identity = Game::new(GameConfig::standard(3), 1).unwrap();
        let view = identity.view(identity.lord());
        assert!(view.seats.iter().any(|s| s.role.is_none()));
    }

    /// M-DDZ-2 (random landlord): over many seeds every seat is the landlord sometimes, and it
    /// takes the first turn (M-DDZ-7).
    #[test]
    fn m_ddz_2_the_landlord_is_random_and_goes_first() {
        let mut seen = [false; 3];
        for seed in 0..30 {
            let g = game(seed);
            seen[g.lord().index()] = true;
            assert_eq!(g.turn().seat, g.lord());
        }
        assert_eq!(seen, [true; 3]);
    }

    /// M-DDZ-3: everyone chooses at once, each farmer from 3, the landlord from 5, no general
    /// offered twice; M-DDZ-4: the landlord has +1 max HP, 飞扬 and 跋扈.
    #[test]
    fn m_ddz_3_4_selection_and_the_landlord_bonuses() {
        let mut g = game(7);
        let lord = g.lord();
        let prompts = g.prompts().to_vec();
        assert_eq!(prompts.len(), 3, "all three at once");
        let mut offered = Vec::new();
        for p in &prompts {
            assert_eq!(p.kind, PromptKind::ChooseGeneral);
            let n = p.legal_actions(64).len();
            assert_eq!(n, if p.seat == lord { 5 } else { 3 }, "{}", p.seat);
            offered.extend(p.legal_actions(64));
        }
        let mut unique = offered.clone();
        unique.sort_by_key(|a| format!("{a:?}"));
        unique.dedup();
        assert_eq!(unique.len(), offered.len());
        for p in prompts {
            let action = p.default_action();
            g.act(p.seat, action).unwrap();
        }
        let state = g.seat(lord).clone();
        let general = g.general(state.general);
        assert_eq!(state.max_hp, general.max_hp + 1);
        assert!(g.has_skill(lord, crate::ids::SkillId::Feiyang));
        assert!(g.has_skill(lord, crate::ids::SkillId::Bahu));
        for farmer in (0..3).map(Seat).filter(|s| *s != lord) {
            let state = g.seat(farmer);
            assert_eq!(state.max_hp, g.general(state.general).max_hp);
            assert!(!g.has_skill(farmer, crate::ids::SkillId::Bahu));
        }
    }

    /// M-DDZ-4: the landlord's lord skill (刘备's 激将) does not work.
    #[test]
    fn m_ddz_4_no_lord_skills() {
        let mut s = doudizhu(&[Role::Lord, Role::Rebel, Role::Rebel]);
        s.ruleset.generals = vec!["standard".into()];
        seat(&mut s, 0).general = crate::ids::GeneralId::Liubei;
        let c = Check::new(s);
        assert!(!c.game.has_skill(Seat(0), crate::ids::SkillId::Jijiang));
        assert!(c.game.has_skill(Seat(0), crate::ids::SkillId::Rende));
    }

    /// The landlord (seat 0) slashes farmer seat `victim` at 1 HP, who dies unsaved.
    fn kill_farmer(legacy: Option<&str>, survivor_hp: Option<i8>) -> Check {
        let mut s = doudizhu(&[Role::Lord, Role::Rebel, Role::Rebel]);
        if let Some(legacy) = legacy {
            s.ruleset = s.ruleset.with_option("legacy", legacy);
        }
        seat(&mut s, 0).hand = crate::testing::cards(&[crate::card::CardKind::Slash]);
        seat(&mut s, 1).hp = Some(1);
        seat(&mut s, 2).hp = survivor_hp;
        let mut c = Check::new(s);
        c.card(0, crate::card::CardKind::Slash, &[1]).pass(1);
        c.pass_saves();
        c
    }

    fn is_legacy(kind: &PromptKind) -> bool {
        matches!(
            kind,
            PromptKind::Choose {
                cause: Cause::Death(Seat(1))
            }
        )
    }

    /// M-DDZ-9: killing a farmer gives the landlord nothing; the other farmer draws 2 if it
    /// chooses so (recovering is not offered at full HP).
    #[test]
    fn m_ddz_9_the_surviving_farmer_takes_a_legacy() {
        let mut c = kill_farmer(None, None);
        assert!(!c.alive(1));
        assert!(c.hand(0).is_empty(), "no reward for the landlord");
        assert!(c.is_asked(2, is_legacy));
        assert!(!c.allows(
            2,
            &Action::Option {
                index: super::legacy::RECOVER_ONE
            }
        ));
        c.act(
            2,
            Action::Option {
                index: super::legacy::DRAW_TWO,
            },
        );
        assert_eq!(c.hand(2).len(), 2);
    }

    /// M-DDZ-9: a wounded survivor may recover 1 instead, or take nothing.
    #[test]
    fn m_ddz_9_a_wounded_survivor_may_recover() {
        let mut c = kill_farmer(None, Some(2));
        c.act(
            2,
            Action::Option {
                index: super::legacy::RECOVER_ONE,
            },
        );
        assert_eq!(c.hp(2), 3);
        assert!(c.hand(2).is_empty());
        let mut c = kill_farmer(None, Some(2));
        c.act(2, Action::Pass);
        assert_eq!((c.hp(2), c.hand(2).len()), (2, 0));
    }

    /// M-DDZ-9-ALT: `draw_one` draws one at once; `none` gives nothing.
    #[test]
    fn m_ddz_9_alt_legacy_variants() {
        let c = kill_farmer(Some("draw_one"), None);
        assert!(!c.is_asked(2, is_legacy));
        assert_eq!(c.hand(2).len(), 1);
        let c = kill_farmer(Some("none"), None);
        assert!(!c.is_asked(2, is_legacy));
        assert!(c.hand(2).is_empty());
    }

    /// M-DDZ-10: both farmers dead, the landlord wins alone; the landlord dead, both farmers win.
    #[test]
    fn m_ddz_10_victory() {
        let mut s = doudizhu(&[Role::Lord, Role::Rebel, Role::Rebel]);
        seat(&mut s, 0).hand = crate::testing::cards(&[crate::card::CardKind::Slash]);
        seat(&mut s, 1).hp = Some(1);
        seat(&mut s, 2).alive = false;
        let mut c = Check::new(s);
        c.card(0, crate::card::CardKind::Slash, &[1]).pass(1);
        c.pass_saves();
        let outcome = c.game.outcome().unwrap();
        assert_eq!(outcome.winner, Some(Camp::Landlord));
        assert_eq!(outcome.winners, vec![Seat(0)]);

        let mut s = doudizhu(&[Role::Rebel, Role::Lord, Role::Rebel]);
        s.current = Some(Seat(0));
        seat(&mut s, 0).hand = crate::testing::cards(&[crate::card::CardKind::Slash]);
        seat(&mut s, 1).hp = Some(1);
        seat(&mut s, 2).alive = false;
        let mut c = Check::new(s);
        c.card(0, crate::card::CardKind::Slash, &[1]).pass(1);
        c.pass_saves();
        let outcome = c.game.outcome().unwrap();
        assert_eq!(outcome.winner, Some(Camp::Farmers));
        assert_eq!(
            outcome.winners,
            vec![Seat(0), Seat(2)],
            "the dead farmer too"
        );
        assert!(c
            .events
            .iter()
            .any(|e| matches!(e, Event::Died { seat: Seat(1), .. })));
    }

    fn bidding_game(seed: u64) -> Game {
        let config = GameConfig {
            players: 3,
            ruleset: Ruleset {
                mode: "doudizhu".into(),
                ..Ruleset::standard().with_option("landlord", "bidding")
            },
            ..GameConfig::default()
        };
        Game::new(config, seed).unwrap()
    }

    /// The seat asked to bid now and the bids it may make (0 = pass).
    fn bid_prompt(g: &Game) -> (Seat, Vec<u8>) {
        let p = &g.prompts()[0];
        assert_eq!(p.kind, PromptKind::Choose { cause: Cause::Bid });
        let bids = p
            .legal_actions(8)
            .into_iter()
            .map(|a| match a {
                Action::Option { index } => index,
                _ => 0,
            })
            .collect();
        (p.seat, bids)
    }

    /// The seat asked bids `bid` (0 = pass): that seat and the events.
    fn bid(g: &mut Game, bid: u8) -> (Seat, Vec<Event>) {
        let (seat, _) = bid_prompt(g);
        let action = if bid == 0 {
            Action::Pass
        } else {
            Action::Option { index: bid }
        };
        let events = g.act(seat, action).unwrap().0;
        (seat, events)
    }

    /// M-DDZ-2 (bidding): in seat order from a random seat, each bids higher or passes; after
    /// everyone spoke the highest bidder is the landlord, shown to all, and goes first; the
    /// landlord's offer has two more generals.
    #[test]
    fn m_ddz_2_the_highest_bidder_is_the_landlord() {
        let mut g = bidding_game(11);
        let first = g.lord();
        let (seat, bids) = bid_prompt(&g);
        assert_eq!(seat, first, "the seat dealt the landlord bids first");
        assert_eq!(bids, vec![1, 2, 3, 0]);
        bid(&mut g, 1);
        let (second, bids) = bid_prompt(&g);
        assert_eq!(second, Seat((first.0 + 1) % 3));
        assert_eq!(bids, vec![2, 3, 0], "only higher bids");
        bid(&mut g, 0);
        let (third, events) = bid(&mut g, 2);
        assert_eq!(g.lord(), third);
        assert_eq!(g.role(first), Role::Rebel);
        assert!(matches!(g.stack.first(), Some(crate::resolve::Frame::Flow(f)) if f.next == third));
        assert!(events.contains(&Event::Bid {
            seat: third,
            bid: 2
        }));
        assert!(events.contains(&Event::RoleShown {
            seat: third,
            role: Role::Lord
        }));
        // Now the selection: the landlord from five.
        for p in g.prompts() {
            assert_eq!(p.kind, PromptKind::ChooseGeneral);
            let n = p.legal_actions(64).len();
            assert_eq!(n, if p.seat == third { 5 } else { 3 });
        }
        // Everyone's view names the new landlord.
        let view = g.view(first);
        assert_eq!(view.seats[third.index()].role, Some(Role::Lord));
        assert_eq!(view.seats[first.index()].role, Some(Role::Rebel));
        // Once the generals are chosen, the landlord takes the first turn, with its bonuses.
        for p in g.prompts().to_vec() {
            g.act(p.seat, p.default_action()).unwrap();
        }
        assert_eq!(g.turn().seat, third);
        let landlord = g.seat(third);
        assert_eq!(landlord.max_hp, g.general(landlord.general).max_hp + 1);
        assert!(g.has_skill(third, crate::ids::SkillId::Bahu));
        assert!(!g.has_skill(first, crate::ids::SkillId::Bahu));
    }

    /// M-DDZ-2: a bid of 3 ends the bidding at once; if all pass, the last asked is landlord.
    #[test]
    fn m_ddz_2_a_bid_of_three_ends_it_and_all_passing_makes_the_last_asked() {
        let mut g = bidding_game(12);
        let first = g.lord();
        let bidder = {
            bid(&mut g, 0);
            bid(&mut g, 3).0
        };
        assert_eq!(g.lord(), bidder);
        assert_ne!(bidder, first);
        assert!(g
            .prompts()
            .iter()
            .all(|p| p.kind == PromptKind::ChooseGeneral));

        let mut g = bidding_game(13);
        let first = g.lord();
        bid(&mut g, 0);
        bid(&mut g, 0);
        let (last, _) = bid(&mut g, 0);
        assert_eq!(last, Seat((first.0 + 2) % 3));
        assert_eq!(g.lord(), last);
    }
}
