import UIKit

/// The shop's screen: UIKit, so it stays on Apple platforms.
final class ShopViewController: UIViewController {
    let model = StoreModel()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
    }
}
