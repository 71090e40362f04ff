extension ImplementationFacts {
    /// What every Objective-C class inherits from its root class, NSObject (or NSProxy, which adopts the NSObject
    /// protocol): the NSObject protocol's members and NSObject's common class and instance methods, named as
    /// `memberName` names them. A service protocol that asks for `-description` or `-isEqual:` (to be printed or
    /// compared) is implemented by any class, whether or not its `@implementation` overrides them.
    public static let rootMembers: Set<String> = [
        // The NSObject protocol (its properties also as the getters they are).
        "@hash", "@superclass", "@description", "@debugDescription",
        "-hash", "-superclass", "-description", "-debugDescription",
        "-isEqual:", "-class", "-self", "-performSelector:", "-performSelector:withObject:",
        "-performSelector:withObject:withObject:", "-isProxy", "-isKindOfClass:", "-isMemberOfClass:",
        "-conformsToProtocol:", "-respondsToSelector:", "-retain", "-release", "-autorelease", "-retainCount",
        "-zone",
        // NSObject, the class.
        "+load", "+initialize", "+new", "+alloc", "+allocWithZone:", "+class", "+superclass", "+description",
        "+debugDescription", "+hash", "+isSubclassOfClass:", "+instancesRespondToSelector:", "+conformsToProtocol:",
        "+instanceMethodForSelector:", "+resolveClassMethod:", "+resolveInstanceMethod:",
        "-init", "-dealloc", "-copy", "-mutableCopy", "-methodForSelector:", "-doesNotRecognizeSelector:",
        "-forwardingTargetForSelector:", "-forwardInvocation:", "-methodSignatureForSelector:",
        "-awakeAfterUsingCoder:", "-finalize",
    ]
}

extension ImplementationFacts {
    /// Common UIKit and AppKit classes a service class subclasses, each with its superclass and the properties
    /// (`@name`; their getters and setters follow) and methods it provides: a protocol redeclaring one (`@property
    /// (nonatomic, copy) NSString *text` for a UILabel subclass, `@property UIView *view` for a view controller) is
    /// implemented by the inheritance. A class outside this table (another module's) gives nothing: its members are
    /// not known, and a requirement only it provides is reported.
    public static let frameworkClasses: [String: (superclass: String, members: Set<String>)] = [
        "UIResponder": (
            "NSObject",
            [
                "@nextResponder", "@canBecomeFirstResponder", "@canResignFirstResponder", "@isFirstResponder",
                "-becomeFirstResponder", "-resignFirstResponder", "@inputView", "@inputAccessoryView",
                "@undoManager", "-touchesBegan:withEvent:", "-touchesMoved:withEvent:", "-touchesEnded:withEvent:",
                "-touchesCancelled:withEvent:",
            ]
        ),
        "UIView": (
            "UIResponder",
            [
                "@frame", "@bounds", "@center", "@transform", "@superview", "@subviews", "@window", "@layer",
                "@backgroundColor", "@alpha", "@hidden", "@opaque", "@tag", "@tintColor", "@clipsToBounds",
                "@contentMode", "@userInteractionEnabled", "@autoresizingMask",
                "@translatesAutoresizingMaskIntoConstraints",
                "@intrinsicContentSize", "@safeAreaInsets", "-initWithFrame:", "-initWithCoder:", "-addSubview:",
                "-removeFromSuperview", "-layoutSubviews", "-setNeedsLayout", "-layoutIfNeeded", "-sizeThatFits:",
                "-sizeToFit", "-drawRect:", "-setNeedsDisplay", "-didMoveToSuperview", "-didMoveToWindow",
                "-willMoveToSuperview:", "-willMoveToWindow:", "-awakeFromNib",
            ]
        ),
        "UIControl": ("UIView", ["@enabled", "@selected", "@highlighted", "-addTarget:action:forControlEvents:"]),
        "UILabel": (
            "UIView",
            [
                "@text", "@attributedText", "@font", "@textColor", "@textAlignment", "@numberOfLines",
                "@lineBreakMode", "@adjustsFontSizeToFitWidth",
            ]
        ),
        "UIButton": ("UIControl", ["@titleLabel", "@imageView", "-setTitle:forState:", "-setImage:forState:"]),
        "UIImageView": ("UIView", ["@image", "@highlightedImage", "-initWithImage:"]),
        "UIScrollView": ("UIView", ["@contentOffset", "@contentSize", "@contentInset", "@delegate"]),
        "UITableView": ("UIScrollView", ["@dataSource", "-reloadData"]),
        "UICollectionView": ("UIScrollView", ["@dataSource", "-reloadData"]),
        "UITableViewCell": ("UIView", ["@textLabel", "@detailTextLabel", "@imageView", "@contentView"]),
        "UICollectionViewCell": ("UIView", ["@contentView"]),
        "UIViewController": (
            "UIResponder",
            [
                "@view", "@title", "@navigationItem", "@navigationController", "@tabBarController",
                "@tabBarItem", "@presentingViewController", "@presentedViewController", "@parentViewController",
                "@childViewControllers", "@modalPresentationStyle", "@hidesBottomBarWhenPushed", "@isViewLoaded",
                "@preferredStatusBarStyle", "-initWithNibName:bundle:", "-initWithCoder:", "-loadView",
                "-viewDidLoad", "-viewWillAppear:", "-viewDidAppear:", "-viewWillDisappear:",
                "-viewDidDisappear:", "-viewWillLayoutSubviews", "-viewDidLayoutSubviews",
                "-didReceiveMemoryWarning", "-presentViewController:animated:completion:",
                "-dismissViewControllerAnimated:completion:", "-addChildViewController:",
            ]
        ),
        "UINavigationController": (
            "UIViewController", ["@viewControllers", "@topViewController", "-pushViewController:animated:"]
        ),
        "UITabBarController": ("UIViewController", ["@viewControllers", "@selectedIndex", "@selectedViewController"]),
        "UITableViewController": ("UIViewController", ["@tableView"]),
        "UICollectionViewController": ("UIViewController", ["@collectionView"]),
        "NSResponder": ("NSObject", ["@nextResponder", "-becomeFirstResponder", "-resignFirstResponder"]),
        "NSView": (
            "NSResponder",
            [
                "@frame", "@bounds", "@superview", "@subviews", "@window", "@layer", "@hidden", "@tag",
                "-initWithFrame:", "-addSubview:", "-removeFromSuperview", "-drawRect:",
            ]
        ),
        "NSViewController": (
            "NSResponder",
            ["@view", "@title", "@representedObject", "-loadView", "-viewDidLoad", "-initWithNibName:bundle:"]
        ),
        "NSWindowController": ("NSResponder", ["@window", "@document", "-windowDidLoad", "-initWithWindow:"]),
    ]

    /// What a class the implementation does not declare provides, with its superclasses': the table's members for a
    /// known UIKit/AppKit class; the root class's members for every class.
    static func inheritedMembers(from external: String) -> Set<String> {
        var result = rootMembers
        var seen = Set<String>()
        var current: String? = external
        while let name = current, seen.insert(name).inserted, let known = frameworkClasses[name] {
            result.formUnion(known.members)
            current = known.superclass
        }
        return result
    }
}
