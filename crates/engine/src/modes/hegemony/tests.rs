use crate::action::Action;
use crate::event::{Camp, Event};
use crate::ids::GeneralId;
use crate::prompt::{Phase, PromptKind};
use crate::ruleset::Ruleset;
use crate::seat::{Kingdom, Seat};
use crate::view::redact;
use crate::{Game, GameConfig};

use super::choose::dealt_count;
use super::mingzhi;

pub(crate) fn ruleset() -> Ruleset {
    Ruleset {
        mode: "hegemony".into(),
        generals: vec!["hegemony".into()],
        ..Ruleset::standard()
    }
}

fn config(players: u8) -> GameConfig {
    GameConfig {
        players,
        ruleset: ruleset(),
        ..GameConfig::default()
    }
}

/// Everyone chooses its first main and deputy candidates and pre-shows nothing; returns the
/// events.
fn choose_all(game: &mut Game) -> Vec<Event> {
    let preshow = PromptKind::Choose {
        cause: crate::prompt::Cause::Skill(crate::ids::SkillId::Yuliang),
    };
    let mut events = Vec::new();
    while let Some(p) = game
        .prompts()
        .iter()
        .find(|p| p.kind == PromptKind::ChooseGeneral || p.kind == preshow)
        .cloned()
    {
        let action = if p.kind == preshow {
            Action::Option {
                index: super::yuliang::NONE,
            }
        } else {
            Action::General {
                general: offered(game, p.seat)[0],
            }
        };
        events.extend(game.act(p.seat, action).unwrap().0);
    }
    events
}

/// H-SETUP-3: 7 generals, 5 with nine or more players, fewer when the pack is short.
#[test]
fn h_setup_3_how_many_are_dealt() {
    assert_eq!(dealt_count(4, 60), 7);
    assert_eq!(dealt_count(8, 60), 7);
    assert_eq!(dealt_count(9, 60), 5);
    assert_eq!(dealt_count(10, 60), 5);
    assert_eq!(dealt_count(10, 33), 3);
}

/// H-SETUP-2/4: each seat is offered its own generals, chooses a main general among those with
/// another of its kingdom, then a deputy of that kingdom; nobody else learns them (H-HID-4).
#[test]
fn h_setup_4_two_generals_of_one_kingdom_face_down() {
    for players in [2u8, 4, 6, 10] {
        for seed in 0..6 {
            let mut game = Game::new(config(players), seed).unwrap();
            assert_eq!(game.prompts().len(), players as usize);
            let mut all: Vec<GeneralId> = Vec::new();
            for i in 0..players {
                let offer = &game.duo(Seat(i)).unwrap().offer;
                all.extend(offer);
            }
            let mut distinct = all.clone();
            distinct.sort();
            distinct.dedup();
            assert_eq!(distinct.len(), all.len(), "no general dealt twice");
            let events = choose_all(&mut game);
            for i in 0..players {
                let seat = Seat(i);
                let duo = game.duo(seat).unwrap().clone();
                let (main, deputy) = (game.general(duo.main), game.general(duo.deputy));
                assert_eq!(main.kingdom, deputy.kingdom, "H-SETUP-4");
                assert_ne!(duo.main, duo.deputy);
                assert!(!duo.main_shown && !duo.deputy_shown);
                // H-SETUP-5: max HP from the halves.
                let halves = main.halves + deputy.halves;
                assert_eq!(game.seat(seat).max_hp, halves / 2);
                assert_eq!(duo.half_left, halves % 2 == 1);
                // H-HID-1: white until shown.
                assert_eq!(game.seat(seat).general, GeneralId::White);
                assert_eq!(
                    game.seat(seat).skills.as_ref(),
                    &[crate::ids::SkillId::Mingzhi]
                );
                let chosen = events
                    .iter()
                    .find(|e| matches!(e, Event::GeneralsChosen { seat: s, .. } if *s == seat))
                    .expect("chosen");
                for viewer in 0..players {
                    let seen = redact(chosen, Some(Seat(viewer))).unwrap();
                    let named = matches!(seen, Event::GeneralsChosen { main: Some(_), .. });
                    assert_eq!(named, viewer == i, "only the owner sees its generals");
                    let view = game.view(Seat(viewer));
                    let d = view.seats[i as usize].duo.as_ref().unwrap();
                    assert_eq!(d.main.is_some(), viewer == i);
                }
                assert!(matches!(
                    redact(chosen, None).unwrap(),
                    Event::GeneralsChosen {
                        main: None,
                        deputy: None,
                        ..
                    }
                ));
            }
        }
    }
}

/// H-EX-12 and the short pack: every deal gives every seat a pair of one kingdom.
#[test]
fn h_ex_12_every_deal_has_a_pair() {
    for players in 2u8..=10 {
        for seed in 0..20 {
            let game = Game::new(config(players), seed).unwrap();
            for i in 0..players {
                let offer = &game.duo(Seat(i)).unwrap().offer;
                let kingdoms: Vec<Kingdom> =
                    offer.iter().map(|g| game.general(*g).kingdom).collect();
                assert!(
                    kingdoms
                        .iter()
                        .enumerate()
                        .any(|(j, k)| kingdoms[j + 1..].contains(k)),
                    "{players} players, seed {seed}, seat {i}: {offer:?}"
                );
            }
        }
    }
}

/// Plays the game on until `seat`'s preparation phase asks about 明置.
fn to_reveal_prompt(game: &mut Game, seat: Seat) {
    for _ in 0..2000 {
        if let Some(p) = game.prompt_for(seat) {
            if p.kind
                == (PromptKind::Choose {
                    cause: crate::prompt::Cause::Skill(crate::ids::SkillId::Mingzhi),
                })
            {
                return;
            }
        }
        let p = game.prompts()[0].clone();
        let action = if p.kind == PromptKind::ChooseGeneral {
            Action::General {
                general: offered(game, p.seat)[0],
            }
        } else {
            p.default_action()
        };
        game.act(p.seat, action).unwrap();
    }
    panic!("no reveal prompt for {seat}");
}

/// H-REV-1, H-FAC-1, H-REV-5: at the start of its preparation phase a seat may reveal; the
/// general's skills join the seat's and its kingdom is the faction, seen by all.
#[test]
fn h_rev_1_reveal_at_the_preparation_phase() {
    let mut game = Game::new(config(4), 3).unwrap();
    to_reveal_prompt(&mut game, Seat(0));
    assert_eq!(game.turn().phase, Some(Phase::Start));
    let duo = game.duo(Seat(0)).unwrap().clone();
    let events = game
        .act(
            Seat(0),
            Action::Option {
                index: mingzhi::MAIN,
            },
        )
        .unwrap()
        .0;
    let revealed = events
        .iter()
        .find(|e| matches!(e, Event::GeneralRevealed { .. }))
        .expect("revealed");
    assert_eq!(
        redact(revealed, Some(Seat(2))).unwrap(),
        Event::GeneralRevealed {
            seat: Seat(0),
            general: duo.main,
            deputy: false,
            careerist: false,
        }
    );
    assert_eq!(game.seat(Seat(0)).general, duo.main);
    for skill in game.general(duo.main).skills {
        assert!(game.seat(Seat(0)).skills.contains(skill));
    }
    let kingdom = game.general(duo.main).kingdom;
    assert_eq!(
        game.faction(Seat(0)),
        Some(crate::flow::duo::camp_of(kingdom))
    );
    let other = game.view(Seat(1));
    let d = other.seats[0].duo.as_ref().unwrap();
    assert_eq!((d.main, d.deputy), (Some(duo.main), None));
}

/// H-HID-3, H-FAC-2/3: undetermined seats are neither friends nor enemies.
#[test]
fn h_hid_3_hidden_seats_have_no_faction() {
    let mut game = Game::new(config(4), 5).unwrap();
    choose_all(&mut game);
    assert!(!game.same_faction(Seat(0), Seat(1)));
    assert!(!game.different_faction(Seat(0), Seat(1)));
    assert!(game.same_faction(Seat(0), Seat(0)));
    assert_eq!(game.faction(Seat(0)), None);
}

/// H-CAR-1 / H-EX-2: with N = 6 the fourth character of one kingdom becomes a careerist.
#[test]
fn h_ex_2_the_fourth_of_a_kingdom_at_six_is_a_careerist() {
    let mut game = Game::new(config(6), 1).unwrap();
    choose_all(&mut game);
    let wei = [
        GeneralId::HegCaocao,
        GeneralId::HegSimayi,
        GeneralId::HegZhangliao,
        GeneralId::HegGuojia,
        GeneralId::HegXuchu,
        GeneralId::HegXiahoudun,
        GeneralId::HegDianwei,
        GeneralId::HegXunyu,
        GeneralId::HegCaoren,
        GeneralId::HegXiahouyuan,
    ];
    for (i, duo) in game.duos.iter_mut().enumerate() {
        duo.main = wei[i];
        duo.deputy = wei[(i + 5) % 10];
    }
    game.reveal_general(Seat(0), false);
    game.reveal_general(Seat(1), true);
    game.seats[2].alive = false;
    game.reveal_general(Seat(2), false);
    assert!(game.would_be_careerist(Seat(3)), "S = 3, 3 + 1 > 3");
    game.reveal_general(Seat(3), false);
    assert_eq!(game.faction(Seat(3)), Some(Camp::Careerist));
    assert!(
        game.would_be_careerist(Seat(4)),
        "careerists do not count: S stays 3"
    );
    assert!(game.different_faction(Seat(3), Seat(0)));
    assert!(game.same_faction(Seat(0), Seat(1)));
    assert!(game.same_faction(Seat(0), Seat(2)), "the dead count");
}

/// Random games of every seat count end, with winners of one faction.
#[test]
fn random_games_end() {
    for players in 2u8..=10 {
        for seed in 0..6 {
            let game = crate::sim::play_random(config(players), seed, 50_000, |g, _, _| {
                if let Err(e) = g.table().check_conservation() {
                    panic!("{e}");
                }
            })
            .unwrap();
            assert!(game.is_over(), "{players} seats, seed {seed}");
            let outcome = game.outcome().unwrap();
            if let Some(camp) = outcome.winner {
                for w in &outcome.winners {
                    assert_eq!(game.faction(*w), Some(camp));
                }
            }
            assert!(
                game.duos().iter().all(|d| d.all_shown()),
                "all shown at the end"
            );
        }
    }
}

// ---- scenario tables (two generals per seat) -------------------------------------------------

use crate::card::CardKind::{Jink, Slash};
use crate::scenario::{Scenario, ScenarioDuo};
use crate::seat::Role;
use crate::testing::{cards, offered, seat, Check};
use GeneralId as G;

/// A 国战 table in seat 1's play phase: each seat's (main, deputy, main shown, deputy shown,
/// alive).
fn heg_table(duos: &[(G, G, bool, bool, bool)]) -> Scenario {
    let mut s = Scenario::with_roles(&vec![Role::Rebel; duos.len()]);
    s.ruleset = ruleset();
    for (i, (main, deputy, main_shown, deputy_shown, alive)) in duos.iter().enumerate() {
        let st = seat(&mut s, i as u8);
        st.duo = Some(ScenarioDuo {
            main: *main,
            deputy: *deputy,
            main_shown: *main_shown,
            deputy_shown: *deputy_shown,
        });
        st.alive = *alive;
    }
    s
}

/// H-EX-3 (N = 6): 蜀 A kills determined 魏 B while 魏 C and D are determined and alive and 魏
/// E is hidden: A draws 3 (E is not counted, H-DEATH-4). B's hidden deputy is shown at its death
/// (H-DEATH-1).
#[test]
fn h_ex_3_a_kill_rewards_by_the_victims_faction() {
    let mut s = heg_table(&[
        (G::HegGuanyu, G::HegZhangfei, true, false, true),
        (G::HegZhangliao, G::HegXuchu, true, false, true),
        (G::HegCaoren, G::HegDianwei, true, false, true),
        (G::HegXiahouyuan, G::HegXunyu, true, false, true),
        (G::HegSimayi, G::HegGuojia, false, false, true),
        (G::HegGanning, G::HegLvmeng, false, false, true),
    ]);
    seat(&mut s, 0).hand = cards(&[Slash]);
    seat(&mut s, 1).hp = Some(1);
    let mut c = Check::new(s);
    c.card(0, Slash, &[1]).pass(1);
    c.pass_saves();
    assert!(!c.alive(1));
    assert!(c.game.duo(Seat(1)).unwrap().deputy_shown, "H-DEATH-1");
    assert!(c.game.outcome().is_none());
    assert_eq!(c.hand(0).len(), 3, "1 + C + D");
}

/// H-EX-3: a killer of the victim's own faction discards its hand and equipment.
#[test]
fn h_ex_3_killing_a_friend_discards_everything() {
    let mut s = heg_table(&[
        (G::HegCaoren, G::HegDianwei, true, false, true),
        (G::HegZhangliao, G::HegXuchu, true, false, true),
        (G::HegGuanyu, G::HegZhangfei, true, false, true),
        (G::HegGanning, G::HegLvmeng, true, false, true),
    ]);
    seat(&mut s, 0).hand = cards(&[Slash, Jink, Jink]);
    seat(&mut s, 1).hp = Some(1);
    let mut c = Check::new(s);
    c.card(0, Slash, &[1]).pass(1);
    c.pass_saves();
    assert!(!c.alive(1));
    assert!(c.hand(0).is_empty(), "the two 闪 are discarded");
}

/// H-EX-5 (N = 6): 魏 A kills the last 蜀; X hidden with a 魏 main general and two 魏 counted
/// (A and a dead one) would be 魏 → the game ends, X revealed, every 魏 character wins (dead
/// too). With three 魏 already counted X would be a careerist → the game goes on.
#[test]
fn h_ex_5_the_early_end_and_its_careerist_exception() {
    let table = |third_wei_dead: bool| {
        let fourth = if third_wei_dead {
            (G::HegXiahoudun, G::HegXiahouyuan, true, false, false)
        } else {
            (G::HegGanning, G::HegLvmeng, true, false, false)
        };
        let mut s = heg_table(&[
            (G::HegCaoren, G::HegDianwei, true, false, true),
            (G::HegGuanyu, G::HegZhangfei, true, false, true),
            (G::HegSimayi, G::HegGuojia, false, false, true),
            (G::HegZhangliao, G::HegXuchu, true, true, false),
            fourth,
            (G::HegHuatuo, G::HegLvbu, true, false, false),
        ]);
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 1).hp = Some(1);
        s
    };
    let mut c = Check::new(table(false));
    c.card(0, Slash, &[1]).pass(1);
    c.pass_saves();
    let outcome = c.game.outcome().expect("over");
    assert_eq!(outcome.winner, Some(Camp::Wei));
    assert_eq!(outcome.winners, vec![Seat(0), Seat(2), Seat(3)]);
    assert!(c.game.duo(Seat(2)).unwrap().all_shown(), "X is shown");
    assert_eq!(c.game.faction(Seat(2)), Some(Camp::Wei));

    let mut c = Check::new(table(true));
    c.card(0, Slash, &[1]).pass(1);
    c.pass_saves();
    assert!(c.game.outcome().is_none(), "X would be a careerist");
}

/// H-EX-5 under `strict_victory` (H-WIN-STRICT): no early end while X is hidden.
#[test]
fn h_win_strict_waits_for_every_survivor_to_show() {
    let mut s = heg_table(&[
        (G::HegCaoren, G::HegDianwei, true, false, true),
        (G::HegGuanyu, G::HegZhangfei, true, false, true),
        (G::HegSimayi, G::HegGuojia, false, false, true),
        (G::HegZhangliao, G::HegXuchu, true, true, false),
    ]);
    s.ruleset
        .options
        .set("strict_victory", crate::ruleset::OptionValue::Flag(true));
    seat(&mut s, 0).hand = cards(&[Slash]);
    seat(&mut s, 1).hp = Some(1);
    let mut c = Check::new(s);
    c.card(0, Slash, &[1]).pass(1);
    c.pass_saves();
    assert!(c.game.outcome().is_none());
}

/// H-EX-6: a careerist and a 吴 character alive → the game goes on; when the 吴 one dies the
/// careerist wins alone.
#[test]
fn h_ex_6_a_careerist_wins_alone() {
    let mut s = heg_table(&[
        (G::HegCaoren, G::HegDianwei, false, false, true),
        (G::HegGanning, G::HegLvmeng, true, false, true),
        (G::HegZhangliao, G::HegXuchu, true, false, false),
        (G::HegXiahoudun, G::HegXiahouyuan, true, false, false),
    ]);
    seat(&mut s, 0).hand = cards(&[Slash]);
    seat(&mut s, 1).hp = Some(1);
    let mut c = Check::new(s);
    // Seat 1 reveals 曹仁 now: two 魏 are determined (dead) of four → a careerist.
    c.game.reveal_general(Seat(0), false);
    assert_eq!(c.game.faction(Seat(0)), Some(Camp::Careerist));
    c.card(0, Slash, &[1]).pass(1);
    c.pass_saves();
    let outcome = c.game.outcome().expect("over");
    assert_eq!(outcome.winner, Some(Camp::Careerist));
    assert_eq!(outcome.winners, vec![Seat(0)]);
}

/// H-EX-1, H-REW-2/3 (刘备 is not in the pack yet: 黄盖 (4) + 周瑜 (3), also companions) → max HP
/// 3 with a leftover half; revealing both at the preparation phase offers the companion reward
/// (recover or draw 2), then the half (draw 1).
#[test]
fn h_ex_1_companions_and_the_leftover_half() {
    let mut s = heg_table(&[
        (G::HegHuanggai, G::HegZhouyu, false, false, true),
        (G::HegGuanyu, G::HegZhangfei, true, false, true),
    ]);
    s.phase = Phase::Start;
    seat(&mut s, 0).hp = Some(2);
    let mut c = Check::new(s);
    assert_eq!(c.game.seat(Seat(0)).max_hp, 3, "(4 + 3) / 2");
    assert!(c.game.duo(Seat(0)).unwrap().half_left);
    c.act(
        0,
        Action::Option {
            index: mingzhi::BOTH,
        },
    );
    assert!(mingzhi::companions(&c.game, Seat(0)));
    c.act(
        0,
        Action::Option {
            index: mingzhi::RECOVER,
        },
    );
    assert_eq!(c.game.hp(Seat(0)), 3);
    let before = c.game.hand(Seat(0)).len();
    c.act(
        0,
        Action::Option {
            index: mingzhi::DRAW_ONE,
        },
    );
    assert_eq!(c.game.hand(Seat(0)).len(), before + 1);
}
