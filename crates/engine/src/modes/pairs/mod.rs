//! 欢乐成双 2v2 Pairs (`modes.md` §5, M-2V2-…): four seats, two teams of two sitting A–B–B–A —
//! team A at seats 1 and 4 (dealt loyalists' roles as its label), team B at seats 2 and 3 (rebels'
//! roles) — every role public. No lord, no lord skills, no HP bonus. Everyone picks a general at
//! once, and partners see each other's offers and picks; partners see each other's hand cards at
//! all times. 4 starting cards, 5 for seat 4; seat 1 takes the first turn and draws one card fewer
//! in it. When a character dies its surviving partner draws 1; a team wins when both enemies are
//! dead.
//!
//! Options: `offered` (generals offered to each seat, 3 by default, at most 9).

pub mod victory;

use rand_chacha::ChaCha8Rng;

use crate::def::mode::{no_opening, no_procedures, no_role_skills, no_round_rules};
use crate::def::{option, ModeDef, OptionDef, OptionKind};
use crate::error::SetupError;
use crate::event::Camp;
use crate::flow::selection::SelectionPlan;
use crate::game::Game;
use crate::resolve::Frame;
use crate::ruleset::Options;
use crate::seat::{Role, Seat};

pub static MODE: ModeDef = ModeDef {
    id: "2v2",
    version: 1,
    name_zh: "欢乐成双",
    name_en: "2v2 Pairs",
    text_zh: "四人两队（一、四号位对二、三号位），队友手牌互相可见。消灭两名敌人的一队获胜。",
    text_en: "Four players in two teams (seats 1 and 4 against seats 2 and 3); partners see each other's hands. The team that kills both enemies wins.",
    options: OPTIONS,
    seats: (4, 4),
    roles: &[Role::Loyalist, Role::Rebel],
    camps: &[Camp::Loyalists, Camp::Rebels],
    camp,
    public_roles: &[Role::Loyalist, Role::Rebel],
    role_skills: no_role_skills,
    deal,
    check_roles,
    max_hp,
    lord_skills: crate::def::mode::no_lord_skills,
    first_seat,
    starting_hand,
    draw_count,
    partner,
    selection,
    victory: victory::check,
    on_death,
    round_start: no_round_rules,
    opening: no_opening,
    step: no_procedures,
    turn_order: None,
    revealed: None,
    choose_direction: false,
};

pub(crate) const OPTIONS: &[OptionDef] = &[OptionDef {
    id: "offered",
    name_zh: "候选武将数",
    name_en: "Generals offered",
    text_zh: "每人可从几名候选武将中选将。",
    text_en: "How many generals each player chooses from.",
    kind: OptionKind::Number {
        min: 1,
        max: 9,
        default: 3,
    },
}];

/// The teams' labels by seat: A–B–B–A (M-2V2-1).
const TEAMS: [Role; 4] = [Role::Loyalist, Role::Rebel, Role::Rebel, Role::Loyalist];

/// Team A (dealt loyalists) and team B (dealt rebels).
fn camp(role: Role) -> Camp {
    match role {
        Role::Loyalist => Camp::Loyalists,
        _ => Camp::Rebels,
    }
}

fn deal(_: &Options, players: usize, _: &mut ChaCha8Rng) -> Result<Vec<Role>, SetupError> {
    if players != 4 {
        return Err(SetupError::PlayerCount(players));
    }
    Ok(TEAMS.to_vec())
}

/// A 2v2 table: seats 1 and 4 against seats 2 and 3.
fn check_roles(roles: &[Role]) -> Result<(), SetupError> {
    if roles != TEAMS {
        return Err(SetupError::Invalid(
            "a 2v2 table is loyalist, rebel, rebel, loyalist (team A at seats 1 and 4)".into(),
        ));
    }
    Ok(())
}

/// No HP bonus.
fn max_hp(general: u8, _: Role, _: usize, _: &Options) -> u8 {
    general
}

/// M-2V2-3: seat 1 takes the first turn.
fn first_seat(_: &Game) -> Seat {
    Seat(0)
}

/// M-2V2-3: 4 starting cards, 5 for seat 4.
fn starting_hand(_: &Game, seat: Seat) -> u8 {
    if seat == Seat(3) {
        5
    } else {
        4
    }
}

/// M-2V2-3: the game's very first turn draws one card fewer.
fn draw_count(game: &Game, _: Seat) -> u8 {
    if game.turn.number == 1 {
        1
    } else {
        2
    }
}

/// M-2V2-4: partners see each other's hands (seats 1 and 4, seats 2 and 3).
fn partner(_: &Game, seat: Seat) -> Option<Seat> {
    Some(Seat(3 - seat.0.min(3)))
}

/// M-2V2-2: everyone at once, `offered` each.
fn selection(game: &Game, _choosing: &[Seat]) -> Option<SelectionPlan> {
    let offered = option::number(OPTIONS, game.mode_options(), "offered").clamp(1, 9) as u8;
    Some(SelectionPlan {
        first: None,
        first_extra: 0,
        per_seat: offered,
        bonus: None,
    })
}

/// M-2V2-5: the dead character's surviving partner draws 1, whoever the killer was.
fn on_death(game: &mut Game, dead: Seat, _killer: Option<Seat>) -> Option<Frame> {
    let partner = partner(game, dead)?;
    if game.is_alive(partner) {
        game.draw(partner, 1);
    }
    None
}

#[cfg(test)]
mod tests {
    use crate::event::{Camp, Event};
    use crate::prompt::PromptKind;
    use crate::ruleset::Ruleset;
    use crate::scenario::Scenario;
    use crate::seat::{Role, Seat};
    use crate::testing::{cards, seat, Check};
    use crate::view::redact;
    use crate::{Game, GameConfig};

    fn config() -> GameConfig {
        GameConfig {
            players: 4,
            ruleset: Ruleset {
                mode: "2v2".into(),
                ..Ruleset::standard()
            },
            ..GameConfig::default()
        }
    }

    /// A 2v2 practice table (white generals), seat `current`'s play phase.
    fn pairs(current: u8) -> Scenario {
        let mut s = Scenario::with_roles(&super::TEAMS);
        s.ruleset = Ruleset {
            mode: "2v2".into(),
            ..Ruleset::standard().white()
        };
        s.current = Some(Seat(current));
        s
    }

    /// M-2V2-1: seats 1 and 4 against 2 and 3, every role public.
    #[test]
    fn m_2v2_1_teams_by_seat_and_public() {
        let g = Game::new(config(), 3).unwrap();
        let roles: Vec<Role> = (0..4).map(|i| g.role(Seat(i))).collect();
        assert_eq!(roles, super::TEAMS.to_vec());
        for viewer in 0..4 {
            let view = g.view(Seat(viewer));
            assert!(view.seats.iter().all(|s| s.role.is_some()));
        }
    }

    /// M-2V2-2: everyone is offered 3 at once; a seat's offer and pick reach its partner and
    /// nobody else.
    #[test]
    fn m_2v2_2_partners_see_offers_and_picks() {
        let mut g = Game::new(config(), 4).unwrap();
        let events = g.take_events().0;
        let prompts = g.prompts().to_vec();
        assert_eq!(prompts.len(), 4);
        for p in &prompts {
            assert_eq!(p.kind, PromptKind::ChooseGeneral);
            assert_eq!(p.legal_actions(64).len(), 3);
        }
        let offered = |e: &Event| matches!(e, Event::GeneralsOffered { seat: Seat(0), .. });
        let offer = events.iter().find(|e| offered(e)).expect("seat 1's offer");
        assert!(
            redact(offer, Some(Seat(3))).is_some(),
            "the partner sees it"
        );
        for other in [Some(Seat(1)), Some(Seat(2)), None] {
            assert!(redact(offer, other).is_none(), "{other:?} does not");
        }
        let first = prompts.iter().find(|p| p.seat == Seat(1)).unwrap();
        let picked = g.act(Seat(1), first.default_action()).unwrap().0;
        let pick = picked
            .iter()
            .find(|e| matches!(e, Event::GeneralPicked { seat: Seat(1), .. }))
            .expect("the pick, for the partner");
        assert!(redact(pick, Some(Seat(2))).is_some());
        assert!(redact(pick, Some(Seat(0))).is_none());
        assert!(redact(pick, Some(Seat(3))).is_none());
        // The views carry the partner's offer and pick while the others still choose.
        let offer = g
            .view(Seat(2))
            .partner_offer
            .expect("seat 3 sees seat 2's offer");
        assert_eq!(offer.seat, Seat(1));
        assert_eq!(offer.generals.len(), 3);
        assert!(offer.picked.is_some());
        let offer = g
            .view(Seat(3))
            .partner_offer
            .expect("seat 4 sees seat 1's offer");
        assert_eq!((offer.seat, offer.picked), (Seat(0), None));
        assert!(g.view_spectator().partner_offer.is_none());
    }

    /// M-2V2-3: 4 starting cards, 5 for seat 4; seat 1 goes first and draws one fewer then.
    #[test]
    fn m_2v2_3_starting_hands_and_the_first_draw() {
        let mut g = Game::new(config(), 5).unwrap();
        for p in g.prompts().to_vec() {
            g.act(p.seat, p.default_action()).unwrap();
        }
        // Seat 1 is in its play phase now: 4 + 1.
        assert_eq!(g.turn().seat, Seat(0));
        let hands: Vec<usize> = (0..4).map(|i| g.hand(Seat(i)).len()).collect();
        assert_eq!(hands, vec![5, 4, 4, 5]);
    }

    /// M-2V2-4: a partner's view lists the hand, an enemy's does not; a card drawn into it is
    /// named to the partner.
    #[test]
    fn m_2v2_4_partners_see_each_others_hands() {
        let mut s = pairs(0);
        seat(&mut s, 0).hand = cards(&[crate::card::CardKind::ExNihilo]);
        let mut c = Check::new(s);
        let hand = c.game.hand(Seat(0)).to_vec();
        assert_eq!(c.game.view(Seat(3)).seats[0].hand, Some(hand));
        assert_eq!(c.game.view(Seat(1)).seats[0].hand, None);
        let before = c.events.len();
        c.card(0, crate::card::CardKind::ExNihilo, &[]);
        c.pass_windows();
        let drawn = c.events[before..]
            .iter()
            .find(|e| {
                matches!(
                    e,
                    Event::CardsMoved {
                        to: crate::Zone::Hand(Seat(0)),
                        ..
                    }
                )
            })
            .expect("the draw");
        let named = |viewer: u8| match redact(drawn, Some(Seat(viewer))) {
            Some(Event::CardsMoved { cards, .. }) => cards.iter().all(Option::is_some),
            _ => false,
        };
        assert!(named(0) && named(3), "the owner and the partner");
        assert!(!named(1) && !named(2), "not the enemies");
    }

    /// M-2V2-5: the dead one's partner draws 1, whoever killed it; M-2V2-6: both of a team dead,
    /// the other team wins (its dead member too).
    #[test]
    fn m_2v2_5_6_the_partner_draws_and_a_team_wins() {
        let mut s = pairs(0);
        seat(&mut s, 0).hand = cards(&[crate::card::CardKind::Slash, crate::card::CardKind::Slash]);
        seat(&mut s, 1).hp = Some(1);
        let mut c = Check::new(s);
        c.card(0, crate::card::CardKind::Slash, &[1]).pass(1);
        c.pass_saves();
        assert!(!c.alive(1));
        assert_eq!(c.hand(2).len(), 1, "seat 3 draws for its partner");
        assert_eq!(c.hand(0).len(), 1, "the killer gets nothing");
        assert!(c.game.outcome().is_none());
        // Seat 2 already dead, seat 1 kills seat 3: team B is out.
        let mut s = pairs(0);
        seat(&mut s, 0).hand = cards(&[crate::card::CardKind::Slash]);
        seat(&mut s, 1).alive = false;
        seat(&mut s, 2).hp = Some(1);
        let mut c = Check::new(s);
        c.card(0, crate::card::CardKind::Slash, &[2]).pass(2);
        c.pass_saves();
        let outcome = c.game.outcome().expect("over");
        assert_eq!(outcome.winner, Some(Camp::Loyalists));
        assert_eq!(outcome.winners, vec![Seat(0), Seat(3)]);
    }
}
