import Foundation
import UserNotifications

/// Reminds the customer before a trial ends: Apple-only (UserNotifications), and not something
/// the tests reach, so kiosk xctest leaves this file out rather than stopping.
final class RenewalReminder {
    func schedule(at date: Date) {
        let content = UNMutableNotificationContent()
        content.title = "Your trial ends tomorrow"
        let trigger = UNCalendarNotificationTrigger(
            dateMatching: Calendar.current.dateComponents([.year, .month, .day], from: date), repeats: false)
        UNUserNotificationCenter.current().add(UNNotificationRequest(identifier: "trial", content: content, trigger: trigger))
    }
}
