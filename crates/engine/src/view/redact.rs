//! Event redaction: what one audience may see of each event. A moved, shown or private card it
//! may not see has no id; a private role or an owner-only mark is left out.

use crate::event::Event;
use crate::seat::Seat;
use crate::zone::Visibility;

use super::{EventView, Sight};

/// What `viewer` may see of `event`; `None` if it sees nothing of it.
pub fn redact(event: &Event, viewer: Option<Seat>) -> Option<EventView> {
    show(event, Sight::Of(viewer))
}

pub(super) fn show(event: &Event, sight: Sight) -> Option<EventView> {
    use Event as E;
    let open = matches!(sight, Sight::All);
    let viewer = sight.viewer();
    Some(match event.clone() {
        E::RoleDealt { seat, role } => {
            if !open && Some(seat) != viewer && !role.is_public() {
                return None;
            }
            E::RoleDealt { seat, role }
        }
        E::RoleShown { seat, role } => E::RoleShown { seat, role },
        E::KingdomChosen { seat, kingdom } => E::KingdomChosen { seat, kingdom },
        E::Bid { seat, bid } => E::Bid { seat, bid },
        E::DraftPool { generals } => E::DraftPool { generals },
        E::GeneralsOffered { seat, generals, to } => {
            if !open && !to.includes(viewer) {
                return None;
            }
            E::GeneralsOffered { seat, generals, to }
        }
        E::GeneralPicked { seat, general, to } => {
            if !open && !to.includes(viewer) {
                return None;
            }
            E::GeneralPicked { seat, general, to }
        }
        E::CardsMoved {
            cards,
            from,
            to,
            known,
            bottom,
        } => {
            let visible = open || known.includes(viewer);
            E::CardsMoved {
                cards: cards.into_iter().map(|c| visible.then_some(c)).collect(),
                from,
                to,
                known,
                bottom,
            }
        }
        E::GameStarted { seats, lord } => E::GameStarted { seats, lord },
        E::GeneralShown {
            seat,
            general,
            hp,
            max_hp,
        } => E::GeneralShown {
            seat,
            general,
            hp,
            max_hp,
        },
        E::Reincarnated {
            seat,
            general,
            hp,
            max_hp,
        } => E::Reincarnated {
            seat,
            general,
            hp,
            max_hp,
        },
        E::GeneralsChosen { seat, main, deputy } => {
            // Face down: named to the owner only (H-HID-4).
            let sees = open || Some(seat) == viewer;
            E::GeneralsChosen {
                seat,
                main: main.filter(|_| sees),
                deputy: deputy.filter(|_| sees),
            }
        }
        E::GeneralRevealed {
            seat,
            general,
            deputy,
            careerist,
        } => E::GeneralRevealed {
            seat,
            general,
            deputy,
            careerist,
        },
        E::GeneralSkillsLost { seat, deputy } => E::GeneralSkillsLost { seat, deputy },
        E::GeneralHidden {
            seat,
            deputy,
            general,
        } => {
            // Face down again: named to the owner only, as before it was shown.
            let sees = open || Some(seat) == viewer;
            E::GeneralHidden {
                seat,
                deputy,
                general: general.filter(|_| sees),
            }
        }
        E::GeneralSeen {
            seat,
            target,
            deputy,
            general,
        } => {
            // Named to the one who looked (and the owner, who knows it) only (H-VIS-3).
            let sees = open || viewer == Some(seat) || viewer == Some(target);
            E::GeneralSeen {
                seat,
                target,
                deputy,
                general: general.filter(|_| sees),
            }
        }
        E::TurnStarted { seat } => E::TurnStarted { seat },
        E::PhaseStarted { seat, phase } => E::PhaseStarted { seat, phase },
        E::PhaseSkipped { seat, phase } => E::PhaseSkipped { seat, phase },
        E::TurnEnded { seat } => E::TurnEnded { seat },
        E::CardUsed {
            seat,
            card,
            targets,
        } => E::CardUsed {
            seat,
            card,
            targets,
        },
        E::CardPlayed { seat, card } => E::CardPlayed { seat, card },
        E::SkillInvoked {
            seat,
            skill,
            targets,
        } => E::SkillInvoked {
            seat,
            skill,
            targets,
        },
        E::SuitNamed { seat, suit, cause } => E::SuitNamed { seat, suit, cause },
        E::Protection { seat, on } => E::Protection { seat, on },
        E::EffectCancelled { card, target } => E::EffectCancelled { card, target },
        E::Judged { seat, card, cause } => E::Judged { seat, card, cause },
        E::Damaged {
            source,
            target,
            amount,
            nature,
            hp,
        } => E::Damaged {
            source,
            target,
            amount,
            nature,
            hp,
        },
        E::HpLost { seat, amount, hp } => E::HpLost { seat, amount, hp },
        E::Recovered { seat, amount, hp } => E::Recovered { seat, amount, hp },
        E::Dying { seat } => E::Dying { seat },
        E::Died { seat, role, killer } => E::Died { seat, role, killer },
        E::DeckReshuffled { count } => E::DeckReshuffled { count },
        E::GameOver { outcome } => E::GameOver { outcome },
        E::MarkChanged {
            seat,
            mark,
            count,
            visibility,
        } => {
            if !open && visibility == Visibility::Owner && Some(seat) != viewer {
                return None;
            }
            E::MarkChanged {
                seat,
                mark,
                count,
                visibility,
            }
        }
        E::TurnedOver { seat, face_down } => E::TurnedOver { seat, face_down },
        E::ChainChanged { seat, chained } => E::ChainChanged { seat, chained },
        E::SkillGained { seat, skill } => E::SkillGained { seat, skill },
        E::SkillLost { seat, skill } => E::SkillLost { seat, skill },
        E::LimitedSkillUsed { seat, skill } => E::LimitedSkillUsed { seat, skill },
        E::Awakened { seat, skill } => E::Awakened { seat, skill },
        E::PileStarted {
            seat,
            skill,
            visibility,
        } => E::PileStarted {
            seat,
            skill,
            visibility,
        },
        E::CardsShown { seat, cards, to } => {
            let visible = open || to.includes(viewer) || Some(seat) == viewer;
            E::CardsShown {
                seat,
                cards: cards.into_iter().map(|c| visible.then_some(c)).collect(),
                to,
            }
        }
        E::Pindian {
            seat,
            target,
            cards,
            won,
        } => E::Pindian {
            seat,
            target,
            cards,
            won,
        },
        E::ActionLimitReached { limit } => E::ActionLimitReached { limit },
        E::CardRecast { seat, card } => E::CardRecast { seat, card },
    })
}
