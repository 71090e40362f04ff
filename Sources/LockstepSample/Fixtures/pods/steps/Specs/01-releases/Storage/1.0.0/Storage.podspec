Pod::Spec.new do |s|
  s.name          = 'Storage'
  s.version       = '1.0.0'
  s.summary       = 'Key-value storage for the shop.'
  s.homepage      = 'https://git.example.com/ios/Storage'
  s.license       = { :type => 'MIT' }
  s.author        = { 'Shop Platform' => 'platform@example.com' }
  s.source        = { :git => 'https://git.example.com/ios/Storage.git', :tag => '1.0.0' }
  s.ios.deployment_target = '15.0'
  s.swift_version = '5.9'
  s.source_files  = 'Sources/Storage/**/*.swift'
end
